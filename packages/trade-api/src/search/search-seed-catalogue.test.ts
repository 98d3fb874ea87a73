import { editionCodes } from '@tradein/editions';
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../catalogue/build-catalogue.ts';
import { createSearchIndex } from './search-index.ts';
import { variantStorageGigabytes } from '../catalogue/variant-order.ts';

const catalogue = buildCatalogue();
const index = createSearchIndex(catalogue, 'de');

function categoryId(key: string): number {
  const category = catalogue.categories.find((entry) => entry.key === key);
  if (category === undefined) throw new Error(`seed catalogue has no category ${key}`);
  return category.id;
}

function models(text: string, limit = 5): string[] {
  return index.searchDevices(text, { limit }).map((hit) => hit.modelKey);
}

describe('device search over the seed catalogue', () => {
  it.each([
    ['iphne 13 pr', 'apple-iphone-13-pro'],
    ['galxy s21 ultr', 'samsung-galaxy-s21-ultra-5g'],
    ['macbok air m1', 'apple-macbook-air-13-m1'],
    ['s23 ultra', 'samsung-galaxy-s23-ultra'],
    ['iphone 13 pro max', 'apple-iphone-13-pro-max'],
    ['iphone 13 mni', 'apple-iphone-13-mini'],
    ['galaxy s23+', 'samsung-galaxy-s23-plus'],
    ['galaxy s23 plus', 'samsung-galaxy-s23-plus'],
    ['pixel 7a', 'google-pixel-7a'],
    ['pixle 7 pro', 'google-pixel-7-pro'],
    ['thinkpda x1 carbon gen 9', 'lenovo-thinkpad-x1-carbon-gen-9'],
    ['playstaton 5 slim', 'sony-playstation-5-slim'],
    ['xperia 1 iv', 'sony-xperia-1-iv'],
    ['ipad pro 12.9 6th', 'apple-ipad-pro-12-9-6th-generation'],
    ['iphone13pro', 'apple-iphone-13-pro'],
  ])('%j finds %s first', (text, modelKey) => {
    expect(models(text)[0]).toBe(modelKey);
  });

  it.each([
    ['iphone 13 pro 256', '256 GB'],
    ['iphone 13 pro 1tb', '1 TB'],
    ['iphone 13 pro 512 gb', '512 GB'],
  ])('%j ranks the %s variant first', (text, variant) => {
    const [hit] = index.searchDevices(text, { limit: 3 });
    expect(hit?.modelKey).toBe('apple-iphone-13-pro');
    expect(hit?.device.variant).toBe(variant);
    expect(hit?.devices[0]).toBe(hit?.device);
  });

  it('never ranks another number first', () => {
    expect(models('iphone 12')[0]).toBe('apple-iphone-12');
    expect(models('iphone 12 ', 10)).not.toContain('apple-iphone-13');
    expect(models('galaxy s21')[0]).toMatch(/^samsung-galaxy-s21-/);
  });

  it('filters by category', () => {
    const tablets = index.searchDevices('apple', { limit: 20, categoryId: categoryId('tablets') });
    expect(tablets.length).toBeGreaterThan(0);
    expect(tablets.every((hit) => hit.device.categoryId === categoryId('tablets'))).toBe(true);
    expect(
      index.searchDevices('iphone 13', { limit: 5, categoryId: categoryId('laptops') }),
    ).toEqual([]);
  });

  it.each(['', '   ', 'qqqqzzzz xxxyyy'])('answers %j with nothing', (text) => {
    expect(index.searchDevices(text, { limit: 10 })).toEqual([]);
  });

  it('folds diacritics', () => {
    expect(models('iPhöne 13 Prö')[0]).toBe('apple-iphone-13-pro');
  });
});

describe('lookups over the seed catalogue', () => {
  it('lists every series newest first, then by model, each model by storage size', () => {
    const misordered: string[] = [];
    for (const series of catalogue.series) {
      const listed = index.devicesBySeries(series.id);
      expect(listed.length).toBe(
        catalogue.devices.filter((device) => device.seriesId === series.id).length,
      );
      listed.forEach((after, position) => {
        const before = listed[position - 1];
        if (before === undefined) return;
        const newer =
          before.releaseYear * 12 +
          before.releaseMonth -
          (after.releaseYear * 12 + after.releaseMonth);
        const sameModel = newer === 0 && before.model === after.model;
        if (
          newer < 0 ||
          (newer === 0 && before.model > after.model) ||
          (sameModel &&
            variantStorageGigabytes(before.variant) > variantStorageGigabytes(after.variant))
        ) {
          misordered.push(`${before.name} before ${after.name}`);
        }
      });
    }
    expect(misordered).toEqual([]);
  });

  it.each(editionCodes)('finds every device by its url in %s', (edition) => {
    const editionIndex = createSearchIndex(catalogue, edition);
    for (const device of catalogue.devices) {
      expect(editionIndex.deviceByUrl(device.pages[edition].url)).toBe(device);
    }
  });

  it('names every category, manufacturer and series url', () => {
    for (const category of catalogue.categories) {
      expect(index.aggregationByUrl(category.pages.de.url)).toEqual({ kind: 'category', category });
    }
    for (const series of catalogue.series) {
      const match = index.aggregationByUrl(series.pages.de.url);
      expect(match?.kind === 'series' ? match.series : undefined).toBe(series);
    }
    for (const link of catalogue.categoryManufacturers) {
      const category = catalogue.categories.find((entry) => entry.id === link.categoryId);
      const manufacturer = catalogue.manufacturers.find(
        (entry) => entry.id === link.manufacturerId,
      );
      if (category === undefined || manufacturer === undefined) throw new Error('broken link');
      const match = index.aggregationByUrl(`${category.pages.de.url}-${manufacturer.pages.de.url}`);
      expect(match).toEqual({ kind: 'manufacturer', category, manufacturer });
      expect(index.aggregationByUrl(manufacturer.pages.de.url)?.kind).toBe('manufacturer');
    }
  });
});
