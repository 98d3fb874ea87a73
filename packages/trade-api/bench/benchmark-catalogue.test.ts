import { describe, expect, it } from 'vitest';
import { editionCodes } from '@tradein/editions';
import { generateBenchmarkCatalogue } from './benchmark-catalogue.ts';
import { buildCatalogue } from '../src/catalogue/build-catalogue.ts';
import type { Catalogue } from '../src/catalogue/catalogue-model.ts';

function expectUniqueIdsAndSlugs(catalogue: Catalogue): void {
  const ids = catalogue.devices.map((device) => device.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const edition of editionCodes) {
    const slugs = catalogue.devices.map((device) => device.pages[edition].url);
    expect(new Set(slugs).size).toBe(slugs.length);
    const seriesSlugs = catalogue.series.map((series) => series.pages[edition].url);
    expect(new Set(seriesSlugs).size).toBe(seriesSlugs.length);
  }
}

describe('generateBenchmarkCatalogue', () => {
  const large = generateBenchmarkCatalogue(50_000);

  it('builds exactly 50,000 devices with unique ids and slugs', () => {
    expect(large.devices).toHaveLength(50_000);
    expectUniqueIdsAndSlugs(large);
  });

  it.each([1, 300, 1_800, 7_777])('builds exactly %i devices', (count) => {
    const catalogue = generateBenchmarkCatalogue(count);
    expect(catalogue.devices).toHaveLength(count);
    expectUniqueIdsAndSlugs(catalogue);
  });

  it('keeps the seed devices, with their ids, and adds lines of more manufacturers', () => {
    const seed = buildCatalogue();
    const byName = new Map(large.devices.map((device) => [device.name, device.id]));
    for (const device of seed.devices) expect(byName.get(device.name)).toBe(device.id);
    expect(large.manufacturers.length).toBeGreaterThan(seed.manufacturers.length);
    const models = new Set(large.devices.map((device) => device.model));
    for (const model of [
      'Galaxy A20 5G',
      'Redmi Note 14 Pro',
      'Moto G24',
      'Nord CE5 5G',
      'V25 Pro',
    ]) {
      expect(models).toContain(model);
    }
    const vivo = large.manufacturers.find((manufacturer) => manufacturer.key === 'vivo');
    expect(large.devices.some((device) => device.manufacturerId === vivo?.id)).toBe(true);
  });

  it('groups many variants under each model and references existing series', () => {
    const models = new Set(large.devices.map((device) => device.modelKey));
    expect(large.devices.length / models.size).toBeGreaterThan(3);
    const series = new Map(large.series.map((entry) => [entry.id, entry]));
    for (const device of large.devices) {
      expect(series.get(device.seriesId)?.manufacturerId).toBe(device.manufacturerId);
    }
  });

  it('is deterministic per seed', () => {
    const first = generateBenchmarkCatalogue(3_000, 7);
    expect(generateBenchmarkCatalogue(3_000, 7)).toEqual(first);
    const other = generateBenchmarkCatalogue(3_000, 8);
    expect(other.devices.map((device) => device.name)).not.toEqual(
      first.devices.map((device) => device.name),
    );
  });

  it.each([0, -5, 2.5, Number.NaN])('rejects device count %s', (count) => {
    expect(() => generateBenchmarkCatalogue(count)).toThrow(/positive integer/);
  });

  it('says how many devices it can hold when asked for more', () => {
    expect(() => generateBenchmarkCatalogue(10_000_000)).toThrow(/holds at most \d+ devices/);
  });
});
