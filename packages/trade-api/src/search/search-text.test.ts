import { describe, expect, it } from 'vitest';
import { hasDigit, isNumber, tokenize } from './search-text.ts';

describe('tokenize', () => {
  it.each([
    ['iPhone 13 Pro', ['iphone', '13', 'pro']],
    ['  Galaxy   S21Ultra ', ['galaxy', 's', '21', 'ultra']],
    ['Galaxy Note 10+', ['galaxy', 'note', '10', 'plus']],
    ['128GB', ['128gb']],
    ['256 Go', ['256gb']],
    ['iPhone 13 1 TB', ['iphone', '13', '1tb']],
    ['1 To', ['1tb']],
    ['GB 12', ['gb', '12']],
    ['Go Pro', ['go', 'pro']],
    ['Génération Ñandú', ['generation', 'nandu']],
    ['Straße Œuvre', ['strasse', 'oeuvre']],
    ['Wi-Fi + Cellular', ['wi', 'fi', 'plus', 'cellular']],
    ['SM-G998B', ['sm', 'g', '998', 'b']],
    ['iPad Pro 12.9"', ['ipad', 'pro', '12', '9']],
    ['', []],
    ['  \t ', []],
    ['!!! ???', []],
  ])('splits %j into %j', (text, words) => {
    expect(tokenize(text)).toEqual(words);
  });
});

describe('isNumber and hasDigit', () => {
  it.each([
    ['13', true, true],
    ['0', true, true],
    ['128gb', false, true],
    ['pro', false, false],
  ])('%j: number %j, has a digit %j', (word, number, digit) => {
    expect(isNumber(word)).toBe(number);
    expect(hasDigit(word)).toBe(digit);
  });
});
