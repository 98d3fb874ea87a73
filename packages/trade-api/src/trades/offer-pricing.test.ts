import { describe, expect, it } from 'vitest';
import { applyFactors, factorToBasisPoints, offerPrice } from './offer-pricing.ts';

describe('offer pricing', () => {
  it.each([
    [1, 10_000],
    [0.92, 9200],
    [0.615, 6150],
    [0.29, 2900],
    [0, 0],
  ])('turns factor %s into %s basis points', (factor, basisPoints) => {
    expect(factorToBasisPoints(factor)).toBe(basisPoints);
  });

  it.each([0.12345, -0.5, Number.NaN])('refuses factor %s', (factor) => {
    expect(() => factorToBasisPoints(factor)).toThrow(/at most four places/);
  });

  it.each([
    // 100 × 0.29 is 28.999999999999996 in floating point; integers give the exact 29.
    [100, [2900], 29],
    [10_100, [6150, 10_000], 6211],
    [10_107, [8500], 8590],
    [99_999, [9200, 6500], 59_799],
    [1, [9999], 0],
  ])('base %s × %j truncates to %s cents', (base, factors, expected) => {
    expect(applyFactors(base, factors)).toBe(expected);
  });

  it('uses the recycling price as soon as one answer means defective', () => {
    const prices = { basePriceCents: 50_000, recyclingPriceCents: 150 };
    expect(
      offerPrice(prices, [
        { factorBasisPoints: 10_000, meansDefective: true },
        { factorBasisPoints: 4500, meansDefective: false },
      ]),
    ).toEqual({ priceCents: 150, recycling: true });
    expect(offerPrice(prices, [{ factorBasisPoints: 4500, meansDefective: false }])).toEqual({
      priceCents: 22_500,
      recycling: false,
    });
  });
});
