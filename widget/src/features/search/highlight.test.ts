import { describe, expect, it } from 'vitest';
import { highlightMatches } from './highlight.ts';

/** Writes the segments as text with the matched parts in brackets, for compact tables. */
function marked(name: string, query: string): string {
  return highlightMatches(name, query)
    .map((segment) => (segment.match ? `[${segment.text}]` : segment.text))
    .join('');
}

describe('highlightMatches', () => {
  it.each([
    ['Apple iPhone 13 128 GB', 'iphone 13', 'Apple [iPhone] [13] 128 GB'],
    ['Apple iPhone 13 128 GB', 'iphne 13', 'Apple [iPhone] [13] 128 GB'],
    ['Apple iPhone 13 Pro Max 128 GB', 'iphone 13 pr', 'Apple [iPhone] [13] [Pr]o Max 128 GB'],
    ['Samsung Galaxy S23 Ultra', 'galaxy s23 ulr', 'Samsung [Galaxy] [S23] [Ult]ra'],
    ['Samsung Galaxy S21+ 5G', 's21+', 'Samsung Galaxy [S21+] 5G'],
    ['Apple iPhone 12 128 GB', 'iphone 13', 'Apple [iPhone] 12 128 GB'],
    ['Apple iPhone 13 128 GB', '1', 'Apple iPhone [1]3 [1]28 GB'],
    ['Gálaxy Tab', 'gala', '[Gála]xy Tab'],
    ['Apple iPhone 13', '', 'Apple iPhone 13'],
    ['Apple iPhone 13', '<img src=x>', 'Apple iPhone 13'],
  ])('marks %s for %s', (name, query, expected) => {
    expect(marked(name, query)).toBe(expected);
  });

  it('never loses or reorders characters of the name', () => {
    const name = 'Sony WH-1000XM5 (schwarz) – 2022';
    expect(
      highlightMatches(name, 'wh 1000xm5 schwarz')
        .map((segment) => segment.text)
        .join(''),
    ).toBe(name);
  });

  it('does not correct numbers: 13 does not mark 12', () => {
    expect(highlightMatches('iPhone 12', '13').some((segment) => segment.match)).toBe(false);
  });
});
