import type { Category, DeviceSummary, Manufacturer, Series } from '@tradein/contract';
import { describe, expect, it } from 'vitest';
import { createBrowseStore, popTitleOf, type BrowseStart } from './browse-store.ts';
import { deviceSummary } from '@tradein/contract/test-fixtures';

const meta = { content: '', metaDescription: '', metaKeywords: '', thumbnail: null };

function series(id: number, name: string, url: string): Series {
  return { id, name, url, ...meta };
}

function manufacturer(id: number, name: string, url: string, list: Series[]): Manufacturer {
  return { id, name, url, ...meta, series: list, topSeries: [] };
}

const apple = manufacturer(1, 'Apple', 'apple', [
  series(13, 'iPhone 13', 'apple-iphone-13'),
  series(14, 'iPhone 14', 'apple-iphone-14'),
]);
const samsung = manufacturer(2, 'Samsung', 'samsung', [series(23, 'Galaxy S23', 'galaxy-s23')]);
const catalogue: Category[] = [
  {
    id: 1,
    name: 'Smartphones',
    url: 'smartphones',
    ...meta,
    manufacturers: [apple, samsung],
    topManufacturers: [],
  },
  { id: 2, name: 'Tablets', url: 'tablets', ...meta, manufacturers: [], topManufacturers: [] },
];

const device = deviceSummary;

/** Flushes pending promise callbacks. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function storeWith(start?: BrowseStart, failCategories = false) {
  const chosen: DeviceSummary[] = [];
  const deviceCalls: {
    series: Series;
    signal: AbortSignal;
    answer: (d: DeviceSummary[]) => void;
  }[] = [];
  const store = createBrowseStore({
    loadCategories: async () => {
      if (failCategories) throw new Error('offline');
      return catalogue;
    },
    loadDevices: (chosenSeries, signal) =>
      new Promise((resolve) => deviceCalls.push({ series: chosenSeries, signal, answer: resolve })),
    onChoose: (picked) => chosen.push(picked),
    ...(start === undefined ? {} : { start }),
  });
  return { store, chosen, deviceCalls };
}

describe('createBrowseStore', () => {
  it('walks category → manufacturer → series → model and chooses a device', async () => {
    const { store, chosen, deviceCalls } = storeWith();
    store.load();
    expect(store.$state.get().categoriesStatus).toBe('loading');
    await settle();
    expect(store.$level.get()).toBe('category');
    store.chooseCategory(catalogue[0] as Category);
    expect(store.$level.get()).toBe('manufacturer');
    store.chooseManufacturer(apple);
    expect(store.$level.get()).toBe('series');
    store.chooseSeries(apple.series[0] as Series);
    expect(store.$level.get()).toBe('model');
    expect(store.$state.get().devicesStatus).toBe('loading');
    deviceCalls[0]?.answer([device(1, 'iPhone 13 128 GB')]);
    await settle();
    expect(store.$state.get().devicesStatus).toBe('ready');
    store.chooseDevice(store.$state.get().devices[0] as DeviceSummary);
    expect(chosen.map((picked) => picked.url)).toEqual(['device-1']);
  });

  it('goes back one level at a time and reports the top', async () => {
    const { store } = storeWith({
      categoryUrl: 'smartphones',
      manufacturerUrl: 'apple',
      seriesUrl: 'apple-iphone-13',
    });
    store.load();
    await settle();
    const levels = [store.$level.get()];
    while (store.back()) levels.push(store.$level.get());
    expect(levels).toEqual(['model', 'series', 'manufacturer', 'category']);
  });

  it('a breadcrumb jumps up several levels and cancels the devices load', async () => {
    const { store, deviceCalls } = storeWith({
      categoryUrl: 'smartphones',
      manufacturerUrl: 'apple',
      seriesUrl: 'apple-iphone-13',
    });
    store.load();
    await settle();
    store.goTo('manufacturer');
    expect(store.$level.get()).toBe('manufacturer');
    expect(deviceCalls[0]?.signal.aborted).toBe(true);
  });

  it.each([
    [{ categoryUrl: 'smartphones' }, 'manufacturer'],
    [{ categoryUrl: '1' }, 'manufacturer'],
    [{ categoryUrl: 'smartphones', manufacturerUrl: 'apple' }, 'series'],
    [{ categoryUrl: 'no-such-category' }, 'category'],
    [{ categoryUrl: 'smartphones', manufacturerUrl: 'nokia' }, 'manufacturer'],
    [{}, 'category'],
  ] as const)('starts at %j on the %s level', async (start, level) => {
    const { store } = storeWith(start);
    store.load();
    await settle();
    expect(store.$level.get()).toBe(level);
  });

  it('a late answer for a series left behind never replaces the newer series', async () => {
    const { store, deviceCalls } = storeWith({
      categoryUrl: 'smartphones',
      manufacturerUrl: 'apple',
    });
    store.load();
    await settle();
    store.chooseSeries(apple.series[0] as Series);
    store.back();
    store.chooseSeries(apple.series[1] as Series);
    deviceCalls[1]?.answer([device(14, 'iPhone 14')]);
    deviceCalls[0]?.answer([device(13, 'iPhone 13')]);
    await settle();
    expect(store.$state.get().devices.map((picked) => picked.id)).toEqual([14]);
  });

  it('reports a failed catalogue load and retries it', async () => {
    let fail = true;
    const store = createBrowseStore({
      loadCategories: async () => {
        if (fail) throw new Error('offline');
        return catalogue;
      },
      loadDevices: async () => [],
      onChoose: () => {},
    });
    store.load();
    await settle();
    expect(store.$state.get().categoriesStatus).toBe('error');
    fail = false;
    store.retry();
    await settle();
    expect(store.$state.get().categoriesStatus).toBe('ready');
    expect(store.$state.get().categories).toHaveLength(2);
  });
});

describe('popTitleOf', () => {
  const labels = { iphone: 'Apple iPhone verkaufen', ipad: 'Apple iPad verkaufen' };
  it.each([
    [apple, 'Apple iPhone verkaufen'],
    [
      manufacturer(1, 'Apple', 'apple', [
        series(1, 'iPad', 'ipad'),
        series(2, 'iPad Air', 'ipad-air'),
      ]),
      'Apple iPad verkaufen',
    ],
    [samsung, undefined],
    [manufacturer(1, 'Apple', 'apple', []), undefined],
    [
      manufacturer(1, 'Apple', 'apple', [series(1, 'iPhone 13', 'a'), series(2, 'iPad', 'b')]),
      undefined,
    ],
  ])('titles %#', (entry, title) => {
    expect(popTitleOf(entry, labels)).toBe(title);
  });
});
