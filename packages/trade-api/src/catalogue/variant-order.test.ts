import { describe, expect, it } from 'vitest';
import { compareVariants, variantStorageGigabytes } from './variant-order.ts';

describe('variant order', () => {
  it('reads storage in GB, terabytes as 1024 GB', () => {
    expect(variantStorageGigabytes('128 GB')).toBe(128);
    expect(variantStorageGigabytes('1 TB')).toBe(1024);
    expect(variantStorageGigabytes('256 GB Wi-Fi + Cellular')).toBe(256);
    expect(variantStorageGigabytes('41 mm GPS')).toBe(Number.POSITIVE_INFINITY);
  });

  it('sorts by size, not as text, then in catalogue order', () => {
    const variants = [
      { id: 4, variant: '1 TB' },
      { id: 1, variant: '128 GB' },
      { id: 3, variant: '512 GB' },
      { id: 2, variant: '256 GB' },
      { id: 6, variant: '256 GB Wi-Fi + Cellular' },
      { id: 5, variant: '256 GB Wi-Fi' },
    ];
    expect(variants.toSorted(compareVariants).map((entry) => entry.variant)).toEqual([
      '128 GB',
      '256 GB',
      '256 GB Wi-Fi',
      '256 GB Wi-Fi + Cellular',
      '512 GB',
      '1 TB',
    ]);
  });
});
