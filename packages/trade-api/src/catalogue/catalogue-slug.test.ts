import { describe, expect, it } from 'vitest';
import { toSlug } from './catalogue-slug.ts';

describe('toSlug', () => {
  it.each([
    ['Apple iPhone 13 Pro 128 GB', 'apple-iphone-13-pro-128-gb'],
    ['Samsung Galaxy S20+ 5G', 'samsung-galaxy-s20-plus-5g'],
    ['Xiaomi Redmi Note 13 Pro+ 5G', 'xiaomi-redmi-note-13-pro-plus-5g'],
    ['Apple MacBook Air 13" M2', 'apple-macbook-air-13-m2'],
    [
      'Apple iPad Pro 12.9" (6th generation) 128 GB Wi-Fi + Cellular',
      'apple-ipad-pro-12-9-6th-generation-128-gb-wi-fi-plus-cellular',
    ],
    ['Nothing Phone (2a)', 'nothing-phone-2a'],
    ['Kopfhörer', 'kopfhoerer'],
    ['Cámaras', 'camaras'],
    ['Montres connectées', 'montres-connectees'],
    ['  --Weird__Name--  ', 'weird-name'],
  ])('turns %s into %s', (text, slug) => {
    expect(toSlug(text)).toBe(slug);
  });
});
