import { describe, expect, it } from 'vitest';
import { parseVariantSpec } from './variant-spec.ts';

describe('parseVariantSpec', () => {
  it.each([
    ['', ['']],
    ['128|256|1T', ['128 GB', '256 GB', '1 TB']],
    [
      '64|256 wifi|cell',
      ['64 GB Wi-Fi', '64 GB Wi-Fi + Cellular', '256 GB Wi-Fi', '256 GB Wi-Fi + Cellular'],
    ],
    [
      '41mm|45mm gps|gpscell',
      ['41 mm GPS', '41 mm GPS + Cellular', '45 mm GPS', '45 mm GPS + Cellular'],
    ],
    ['Body|Kit_RF_24-105_mm', ['Body', 'Kit RF 24-105 mm']],
    ['40mm bt|lte', ['40 mm Bluetooth', '40 mm LTE']],
  ])('expands %j', (spec, labels) => {
    expect(parseVariantSpec(spec).map((variant) => variant.label)).toEqual(labels);
  });

  it('prices later options higher, the first at factor 1', () => {
    const factors = parseVariantSpec('128|256|512 wifi|cell').map((variant) => variant.priceFactor);
    expect(factors[0]).toBe(1);
    expect(factors[2]).toBeGreaterThan(factors[0] ?? 0);
    expect(factors[1]).toBeGreaterThan(factors[0] ?? 0);
    expect(factors[4]).toBeGreaterThan(factors[2] ?? 0);
  });
});
