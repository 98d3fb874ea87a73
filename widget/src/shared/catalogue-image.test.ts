import { describe, expect, it } from 'vitest';
import { catalogueImageUrl } from './catalogue-image.tsx';

describe('catalogueImageUrl', () => {
  it.each([
    [
      'https://api.example/',
      '/api/trade/images/device/1.svg',
      'https://api.example/api/trade/images/device/1.svg',
    ],
    [
      'https://api.example/shop/',
      '/api/trade/images/device/1.svg',
      'https://api.example/api/trade/images/device/1.svg',
    ],
    ['https://api.example/', 'https://cdn.example/a.png', 'https://cdn.example/a.png'],
  ])('resolves %s + %s', (base, reference, url) => {
    expect(catalogueImageUrl(base, reference)).toBe(url);
  });
});
