import { describe, expect, it } from 'vitest';
import { adjustedCents, percentUnits } from './price-adjust.ts';
import { PriceChangeRefusedError } from './price-change.ts';

describe('adjusting by a percentage', () => {
  it('rounds base × (1 + p/100) half up to whole cents, without binary fractions', () => {
    expect(adjustedCents(1010, percentUnits('5'))).toBe(1061); // 1060.5
    expect(adjustedCents(11_110, percentUnits('-5'))).toBe(10_555); // 10554.5
    expect(adjustedCents(10_000, percentUnits('+2.5'))).toBe(10_250);
    expect(adjustedCents(333, percentUnits('-0.0001'))).toBe(333);
    expect(adjustedCents(100, percentUnits('-99.9999'))).toBe(0);
    expect(adjustedCents(100, percentUnits('999.9999'))).toBe(1100);
  });

  it('takes decimals above -100 and below 1000 with at most four places', () => {
    for (const wrong of ['-100', '1000', '5.12345', 'abc', '', '1e2', '5%']) {
      expect(() => percentUnits(wrong)).toThrow(PriceChangeRefusedError);
    }
    expect(percentUnits('-5')).toBe(-50_000);
    expect(percentUnits('12.25')).toBe(122_500);
  });
});
