import type { Category, DeviceSummary, Manufacturer, Series } from '@tradein/contract';
import { describe, expect, it } from 'vitest';
import {
  createBrowseStore,
  modelsOf,
  popTitleOf,
  type BrowseStart,
  type BrowseStep,
} from './browse-store.ts';
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

/**
 * A store whose steps go through a flow stand-in: each step it asks for is recorded and shown,
 * as the flow and the screen do it.
 */
function storeWith(start?: BrowseStart, failCategories = false) {
  const chosen: DeviceSummary[] = [];
  const steps: BrowseStep[] = [];
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
    onNavigate: (step) => {
      steps.push(step);
      store.show(step);
    },
    ...(start === undefined ? {} : { start }),
  });
  return { store, chosen, deviceCalls, steps };
}

describe('createBrowseStore', () => {
  it('walks category → manufacturer → series → model, one flow step each, and chooses a device', async () => {
    const { store, chosen, deviceCalls, steps } = storeWith();
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
    expect(steps).toEqual([
      { categoryUrl: 'smartphones' },
      { categoryUrl: 'smartphones', manufacturerUrl: 'apple' },
      { categoryUrl: 'smartphones', manufacturerUrl: 'apple', seriesUrl: 'apple-iphone-13' },
    ]);
  });

  it('shows whichever level the step handed back names, up and down', async () => {
    const { store, deviceCalls } = storeWith({
      categoryUrl: 'smartphones',
      manufacturerUrl: 'apple',
      seriesUrl: 'apple-iphone-13',
    });
    store.load();
    await settle();
    const levels = [store.$level.get()];
    for (const step of [
      { categoryUrl: 'smartphones', manufacturerUrl: 'apple' },
      { categoryUrl: 'smartphones' },
      {},
      { categoryUrl: 'smartphones', manufacturerUrl: 'apple', seriesUrl: 'apple-iphone-13' },
    ]) {
      store.show(step);
      levels.push(store.$level.get());
    }
    expect(levels).toEqual(['model', 'series', 'manufacturer', 'category', 'model']);
    expect(deviceCalls.map((call) => [call.series.id, call.signal.aborted])).toEqual([
      [13, true],
      [13, false],
    ]);
  });

  it('keeps the devices of a series shown again without loading them twice', async () => {
    const { store, deviceCalls } = storeWith({
      categoryUrl: 'smartphones',
      manufacturerUrl: 'apple',
      seriesUrl: 'apple-iphone-13',
    });
    store.load();
    await settle();
    deviceCalls[0]?.answer([device(1, 'iPhone 13 128 GB')]);
    await settle();
    store.show({ categoryUrl: 'smartphones', manufacturerUrl: 'apple', seriesUrl: '13' });
    expect(deviceCalls).toHaveLength(1);
    expect(store.$state.get().devices).toHaveLength(1);
  });

  it('a breadcrumb asks for a level several steps up and cancels the devices load', async () => {
    const { store, deviceCalls, steps } = storeWith({
      categoryUrl: 'smartphones',
      manufacturerUrl: 'apple',
      seriesUrl: 'apple-iphone-13',
    });
    store.load();
    await settle();
    store.goTo('manufacturer');
    expect(steps).toEqual([{ categoryUrl: 'smartphones' }]);
    expect(store.$level.get()).toBe('manufacturer');
    expect(deviceCalls[0]?.signal.aborted).toBe(true);
    store.goTo('category');
    expect(steps.at(-1)).toEqual({});
  });

  it.each([
    [{ categoryUrl: 'smartphones' }, 'manufacturer'],
    [{ categoryUrl: '1' }, 'manufacturer'],
    [{ categoryUrl: 'smartphones', manufacturerUrl: 'apple' }, 'series'],
    [{ categoryUrl: 'no-such-category' }, 'category'],
    [{ categoryUrl: 'smartphones', manufacturerUrl: 'nokia' }, 'manufacturer'],
    [{}, 'category'],
    // Aggregation urls, as an overview page passes them in the `category` attribute.
    [{ categoryUrl: 'smartphones-apple' }, 'series'],
    [{ categoryUrl: 'samsung' }, 'series'],
    [{ categoryUrl: 'apple-iphone-14' }, 'model'],
    [{ categoryUrl: 'smartphones-nokia' }, 'category'],
  ] as const)('starts at %j on the %s level', async (start, level) => {
    const { store } = storeWith(start);
    store.load();
    await settle();
    expect(store.$level.get()).toBe(level);
  });

  it('resolves an aggregation url to its category, manufacturer and series', async () => {
    const { store, deviceCalls, steps } = storeWith({ categoryUrl: 'apple-iphone-14' });
    store.load();
    await settle();
    const shown = store.$state.get();
    expect([shown.category?.url, shown.manufacturer?.url, shown.series?.url]).toEqual([
      'smartphones',
      'apple',
      'apple-iphone-14',
    ]);
    expect(deviceCalls.map((call) => call.series.id)).toEqual([14]);
    // The way up names the levels by their own urls.
    store.goTo('series');
    expect(steps).toEqual([{ categoryUrl: 'smartphones', manufacturerUrl: 'apple' }]);
  });

  it('a late answer for a series left behind never replaces the newer series', async () => {
    const { store, deviceCalls } = storeWith({
      categoryUrl: 'smartphones',
      manufacturerUrl: 'apple',
    });
    store.load();
    await settle();
    store.chooseSeries(apple.series[0] as Series);
    store.goTo('series');
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
      onNavigate: () => {},
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

/** A variant of a model whose variants are `ids` (smallest storage first). */
function variant(id: number, name: string, size: string, ids: readonly number[]): DeviceSummary {
  return {
    ...device(id, `${name} ${size}`.trim()),
    variant: size,
    variants: ids.map((each) => ({
      id: each,
      url: `device-${each}`,
      variant: `${each}`,
      bestPriceCents: 10_000,
    })),
  };
}

describe('modelsOf', () => {
  it('groups the variants of each model under it, smallest storage first', () => {
    const pro = [20, 21, 22];
    const models = modelsOf([
      variant(22, 'iPhone 13 Pro', '1 TB', pro),
      variant(30, 'iPhone 13', '', [30]),
      variant(20, 'iPhone 13 Pro', '128 GB', pro),
      variant(21, 'iPhone 13 Pro', '256 GB', pro),
    ]);
    expect(models.map((model) => model.devices.map((entry) => entry.id))).toEqual([
      [20, 21, 22],
      [30],
    ]);
    expect(models.map((model) => model.first.name)).toEqual(['iPhone 13 Pro 128 GB', 'iPhone 13']);
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
