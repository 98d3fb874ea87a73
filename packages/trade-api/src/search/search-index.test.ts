import { describe, expect, it } from 'vitest';
import { createSearchIndex } from './search-index.ts';
import { createTestCatalogue } from '../../test-kit/search-catalogue.ts';
import type { ModelSpec } from '../../test-kit/search-catalogue.ts';

const catalogue = createTestCatalogue();
const index = createSearchIndex(catalogue, 'de');

function names(text: string, limit = 5, categoryId?: number): string[] {
  const options = categoryId === undefined ? { limit } : { limit, categoryId };
  return index.searchDevices(text, options).map((hit) => hit.device.name);
}

function models(text: string, limit = 5): string[] {
  return index.searchDevices(text, { limit }).map((hit) => hit.modelKey);
}

/** A one-variant model for catalogues made inside a test. */
function walkman(model: string, year: number): ModelSpec {
  // Series 8 (PlayStation, consoles) is the test catalogue's one series of Sony.
  return { series: 8, model, variants: [''], year, month: 1 };
}

describe('searchDevices', () => {
  it.each([
    ['iphne 13 pr', 'apple-iphone-13-pro'],
    ['galxy s21 ultr', 'samsung-galaxy-s21-ultra'],
    ['macbok air m1', 'apple-macbook-air-m1'],
    ['s23 ultra', 'samsung-galaxy-s23-ultra'],
    ['iphone 13 pro', 'apple-iphone-13-pro'],
    ['iphone 13 pro max', 'apple-iphone-13-pro-max'],
    ['Apple iPhone 13 mini', 'apple-iphone-13-mini'],
    ['ipohne 13 mni', 'apple-iphone-13-mini'],
    ['galaxy s21+', 'samsung-galaxy-s21-plus'],
    ['galaxy s21 plus', 'samsung-galaxy-s21-plus'],
    ['s21ultra', 'samsung-galaxy-s21-ultra'],
    ['galaxy tab s8 utlra', 'samsung-galaxy-tab-s8-ultra'],
    ['pixel 7a', 'google-pixel-7a'],
    ['pixle 7', 'google-pixel-7'],
    ['thinkpda x1 carbon', 'lenovo-thinkpad-x1-carbon-gen-9'],
    ['playstaton 5', 'sony-playstation-5'],
    ['ps5', 'sony-playstation-5'],
    ['macbook pro 14 m3', 'apple-macbook-pro-14-m3'],
    ['sm-g998b', 'samsung-galaxy-s21-ultra'],
    ['a2638', 'apple-iphone-13-pro'],
  ])('%j finds %s first', (text, modelKey) => {
    expect(models(text)[0]).toBe(modelKey);
  });

  it('returns one hit per model, with every variant of the model', () => {
    const hits = index.searchDevices('iphone 13 pro', { limit: 10 });
    const keys = hits.map((hit) => hit.modelKey);
    expect(new Set(keys).size).toBe(keys.length);
    const first = hits[0];
    expect(first?.devices.map((device) => device.variant)).toEqual([
      '128 GB',
      '256 GB',
      '512 GB',
      '1 TB',
    ]);
    expect(first?.device).toBe(first?.devices[0]);
  });

  it.each([
    ['iphone 13 pro 256', 'Apple iPhone 13 Pro 256 GB'],
    ['iphone 13 pro 256gb', 'Apple iPhone 13 Pro 256 GB'],
    ['iphone 13 pro 1 tb', 'Apple iPhone 13 Pro 1 TB'],
    ['iphone 13 pro 1 To', 'Apple iPhone 13 Pro 1 TB'],
    ['iphone 13 pro 256 ', 'Apple iPhone 13 Pro 256 GB'],
    ['256 iphone 13 pro', 'Apple iPhone 13 Pro 256 GB'],
    ['iphone 13 pro 51', 'Apple iPhone 13 Pro 512 GB'],
    ['playstation 5 digital', 'Sony PlayStation 5 Digital Edition'],
    ['macbook air m1', 'Apple MacBook Air M1 256 GB'],
    ['ipad pro 11 cellular', 'Apple iPad Pro 11 (2021) 128 GB Wi-Fi + Cellular'],
  ])('%j ranks the variant %j first', (text, name) => {
    expect(names(text)[0]).toBe(name);
  });

  it('completes the last word as a prefix', () => {
    expect(models('iphone 13 pr').slice(0, 2)).toEqual([
      'apple-iphone-13-pro',
      'apple-iphone-13-pro-max',
    ]);
    expect(models('macbook a')[0]).toMatch(/^apple-macbook-air-/);
  });

  it('does not complete a word followed by a space', () => {
    expect(models('iphone 13 pro m')).toEqual(['apple-iphone-13-pro-max']);
    expect(models('iphone 13 pro m ')[0]).toBe('apple-iphone-13-pro');
  });

  it.each([
    ['iphone 13', 'apple-iphone-13', 'apple-iphone-12'],
    ['iphone 13 ', 'apple-iphone-13', 'apple-iphone-12'],
    ['galaxy s23', 'samsung-galaxy-s23', 'samsung-galaxy-s21'],
    ['pixel 7', 'google-pixel-7', 'samsung-galaxy-s21'],
  ])('never fuzzes the number in %j', (text, first, absent) => {
    const found = models(text, 10);
    expect(found[0]).toBe(first);
    expect(found).not.toContain(absent);
  });

  it('ranks models named by a number above those whose variant only starts with it', () => {
    // `12` completes to the `128` of a storage variant, so iPhone 13 may appear, but below.
    const found = models('iphone 12', 10);
    expect(found.slice(0, 2)).toEqual(['apple-iphone-12', 'apple-iphone-12-pro']);
    expect(models('iphone 12 ', 10)).toEqual(['apple-iphone-12', 'apple-iphone-12-pro']);
  });

  it('ranks fewer extra words first, then newer releases', () => {
    expect(models('iphone 13', 4)).toEqual([
      'apple-iphone-13',
      'apple-iphone-13-mini',
      'apple-iphone-13-pro',
      'apple-iphone-13-pro-max',
    ]);
    expect(models('iphone', 3)).toEqual(['apple-iphone-14', 'apple-iphone-13', 'apple-iphone-12']);
    expect(models('galaxy ultra', 3)).toEqual([
      'samsung-galaxy-s23-ultra',
      'samsung-galaxy-s21-ultra',
      'samsung-galaxy-tab-s8-ultra',
    ]);
  });

  it('ranks exact words over completions over corrections, before release dates', () => {
    const own = createSearchIndex(
      createTestCatalogue([
        walkman('Walkman Mux', 2024),
        walkman('Walkman Maxi', 2022),
        walkman('Walkman Max', 2010),
      ]),
      'de',
    );
    const found = own.searchDevices('walkman max', { limit: 5 }).map((hit) => hit.modelKey);
    expect(found).toEqual(['sony-walkman-max', 'sony-walkman-maxi', 'sony-walkman-mux']);
    const typed = own.searchDevices('walkman max ', { limit: 5 }).map((hit) => hit.modelKey);
    // A finished word is not completed: `maxi` is now one edit away, like `mux`, and older.
    expect(typed).toEqual(['sony-walkman-max', 'sony-walkman-mux', 'sony-walkman-maxi']);
  });

  it('filters by category', () => {
    expect(models('galaxy', 20)).toContain('samsung-galaxy-tab-s8-ultra');
    const tablets = index.searchDevices('galaxy', { limit: 10, categoryId: 2 });
    expect(tablets.map((hit) => hit.modelKey)).toEqual(['samsung-galaxy-tab-s8-ultra']);
    expect(names('pro', 10, 3).every((name) => name.includes('MacBook'))).toBe(true);
    expect(names('iphone', 10, 4)).toEqual([]);
  });

  it('respects the limit', () => {
    expect(models('iphone', 2)).toHaveLength(2);
    expect(models('iphone', 0)).toEqual([]);
  });

  it.each(['', '   ', '\t\n', '-', '!!! ...'])('answers %j with nothing', (text) => {
    expect(index.searchDevices(text, { limit: 10 })).toEqual([]);
  });

  it.each(['zzzqqq', 'xylophone 9000 quux', 'qwertzuiop'])('answers %j with nothing', (text) => {
    expect(index.searchDevices(text, { limit: 10 })).toEqual([]);
  });

  it.each([
    ['GÁLAXY NÓTE 10+', 'samsung-galaxy-note-10-plus'],
    ['iPhöne 13 Prö', 'apple-iphone-13-pro'],
    ['thinkpad génération 2', 'lenovo-thinkpad-t14-gen-2'],
    ['ｉｐｈｏｎｅ １３', 'apple-iphone-13'],
  ])('folds unicode in %j', (text, modelKey) => {
    expect(models(text)[0]).toBe(modelKey);
  });

  it('keeps matching when one word matches nothing in the model', () => {
    expect(models('iphone 13 pro gebraucht')[0]).toBe('apple-iphone-13-pro');
  });
});

describe('devicesBySeries', () => {
  it('lists a series newest first, then by model, each model by storage size', () => {
    const listed = index.devicesBySeries(2).map((device) => device.name);
    expect(listed).toEqual([
      'Samsung Galaxy S23 128 GB',
      'Samsung Galaxy S23 256 GB',
      'Samsung Galaxy S23 Ultra 256 GB',
      'Samsung Galaxy S23 Ultra 512 GB',
      'Samsung Galaxy S23 Ultra 1 TB',
      'Samsung Galaxy S21 128 GB',
      'Samsung Galaxy S21 256 GB',
      'Samsung Galaxy S21 Ultra 128 GB',
      'Samsung Galaxy S21 Ultra 256 GB',
      'Samsung Galaxy S21 Ultra 512 GB',
      'Samsung Galaxy S21+ 128 GB',
      'Samsung Galaxy S21+ 256 GB',
    ]);
  });

  it('orders by month within a year', () => {
    const releases = index
      .devicesBySeries(7)
      .map((device) => `${device.releaseYear}-${device.releaseMonth}`);
    expect(releases).toEqual(['2021-4', '2021-3']);
  });

  it('answers an unknown series with an empty list', () => {
    expect(index.devicesBySeries(999)).toEqual([]);
  });

  it('hands out a copy', () => {
    index.devicesBySeries(1).length = 0;
    expect(index.devicesBySeries(1).length).toBeGreaterThan(0);
  });
});

describe('deviceByUrl', () => {
  it('finds a device by its url in the edition', () => {
    expect(index.deviceByUrl('apple-iphone-13-pro-256-gb')?.name).toBe(
      'Apple iPhone 13 Pro 256 GB',
    );
  });

  it.each(['apple-iphone-13-pro', 'APPLE-IPHONE-13-PRO-256-GB', ''])('misses %j', (url) => {
    expect(index.deviceByUrl(url)).toBeUndefined();
  });

  it('uses the urls of its own edition', () => {
    const edited = createTestCatalogue();
    const device = edited.devices[0];
    if (device === undefined) throw new Error('fixture has no devices');
    device.pages = { ...device.pages, fr: { ...device.pages.fr, url: 'apple-iphone-12-fr' } };
    expect(createSearchIndex(edited, 'fr').deviceByUrl('apple-iphone-12-fr')?.id).toBe(device.id);
    expect(createSearchIndex(edited, 'de').deviceByUrl('apple-iphone-12-fr')).toBeUndefined();
  });

  it('refuses a catalogue with a url used twice', () => {
    const broken = createTestCatalogue();
    const [first, second] = broken.devices;
    if (first === undefined || second === undefined) throw new Error('fixture too small');
    second.pages = { ...second.pages, de: { ...second.pages.de, url: first.pages.de.url } };
    expect(() => createSearchIndex(broken, 'de')).toThrow(/Duplicate device url/);
  });
});

describe('aggregationByUrl', () => {
  it('names a category', () => {
    const match = index.aggregationByUrl('smartphones');
    expect(match?.kind).toBe('category');
    expect(match?.category.id).toBe(1);
  });

  it('names a manufacturer within a category', () => {
    const match = index.aggregationByUrl('tablets-samsung');
    expect(match?.kind).toBe('manufacturer');
    expect(match?.category.id).toBe(2);
    expect(match?.kind === 'manufacturer' ? match.manufacturer.id : undefined).toBe(2);
  });

  it('names a series with its category and manufacturer', () => {
    const match = index.aggregationByUrl('galaxy-tab');
    expect(match?.kind).toBe('series');
    if (match?.kind !== 'series') throw new Error('expected a series');
    expect([match.series.id, match.category.id, match.manufacturer.id]).toEqual([5, 2, 2]);
  });

  it('names a bare manufacturer url in the first category listing it', () => {
    const match = index.aggregationByUrl('samsung');
    expect(match?.kind).toBe('manufacturer');
    expect(match?.category.id).toBe(1);
    expect(index.aggregationByUrl('lenovo')?.category.id).toBe(3);
  });

  it.each(['consoles-apple', 'smartphones-', 'nothing-here', ''])('misses %j', (url) => {
    expect(index.aggregationByUrl(url)).toBeUndefined();
  });
});
