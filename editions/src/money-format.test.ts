import { describe, expect, it } from 'vitest';
import { formatMoney } from './money-format.ts';

// Intl separates number and sign with a no-break space (U+00A0); French groups with U+202F.
const nbsp = '\u00a0';
const narrowNbsp = '\u202f';

describe('formatMoney', () => {
  it.each([
    ['de', 123_456, `1.234,56${nbsp}€`],
    ['at', 123_456, `€${nbsp}1.234,56`],
    ['es', 123_456, `1234,56${nbsp}€`],
    ['es', 12_345_678, `123.456,78${nbsp}€`],
    ['fr', 123_456, `1${narrowNbsp}234,56${nbsp}€`],
    ['it', 123_456, `1234,56${nbsp}€`],
    ['it', 12_345_678, `123.456,78${nbsp}€`],
    ['de', 0, `0,00${nbsp}€`],
    ['de', 5, `0,05${nbsp}€`],
    ['de', 1005, `10,05${nbsp}€`],
    ['de', -250, `-2,50${nbsp}€`],
    ['de', 500_000, `5.000,00${nbsp}€`],
  ] as const)('%s formats %i cents as %j', (edition, cents, expected) => {
    expect(formatMoney(edition, cents)).toBe(expected);
  });

  it.each([
    ['de', 41_000, `410${nbsp}€`],
    ['de', 41_050, `410,50${nbsp}€`],
    ['at', 41_000, `€${nbsp}410`],
    ['fr', 123_400, `1${narrowNbsp}234${nbsp}€`],
  ] as const)('%s writes %i cents in short as %j', (edition, cents, expected) => {
    expect(formatMoney(edition, cents, 'short')).toBe(expected);
    // The exact style keeps its cents.
    expect(formatMoney(edition, cents)).toMatch(/,\d\d/);
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses %s cents', (cents) => {
    expect(() => formatMoney('de', cents)).toThrow('Amount must be an integer number of cents');
  });
});
