import type { DeviceSummary, DeviceVariant } from '@tradein/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSearchStore,
  searchOptionsOf,
  searchTextOf,
  type DeviceSearch,
} from './search-store.ts';
import { deviceSummary } from '@tradein/contract/test-fixtures';

const device = deviceSummary;

const three = [device(1, 'iPhone 13'), device(2, 'iPhone 13 mini'), device(3, 'iPhone 13 Pro')];

/** A search whose answers the test releases by hand, in any order. */
function manualSearch() {
  const calls: {
    text: string;
    signal: AbortSignal;
    answer: (devices: readonly DeviceSummary[]) => void;
    fail: (error: Error) => void;
  }[] = [];
  const search: DeviceSearch = (text, signal) =>
    new Promise((resolve, reject) => {
      calls.push({ text, signal, answer: resolve, fail: reject });
    });
  return { calls, search };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createSearchStore: debounce and cancellation', () => {
  it('searches once, 150 ms after the last keystroke', async () => {
    const { calls, search } = manualSearch();
    const store = createSearchStore({ search, onChoose: () => {} });
    store.setQuery('i');
    vi.advanceTimersByTime(100);
    store.setQuery('ip');
    vi.advanceTimersByTime(100);
    store.setQuery('iphone');
    expect(store.$state.get().status).toBe('loading');
    vi.advanceTimersByTime(149);
    expect(calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(calls.map((call) => call.text)).toEqual(['iphone']);
    calls[0]?.answer(three);
    await vi.runAllTimersAsync();
    expect(store.$state.get()).toMatchObject({
      status: 'ready',
      open: true,
      resultQuery: 'iphone',
    });
    expect(store.$state.get().results).toHaveLength(3);
  });

  it('aborts the older search, and an older answer arriving late never replaces a newer one', async () => {
    const { calls, search } = manualSearch();
    const store = createSearchStore({ search, onChoose: () => {} });
    store.setQuery('iphone 1');
    vi.advanceTimersByTime(150);
    store.setQuery('iphone 13');
    vi.advanceTimersByTime(150);
    expect(calls.map((call) => [call.text, call.signal.aborted])).toEqual([
      ['iphone 1', true],
      ['iphone 13', false],
    ]);
    calls[1]?.answer([three[0] as DeviceSummary]);
    await vi.runAllTimersAsync();
    calls[0]?.answer(three);
    await vi.runAllTimersAsync();
    expect(store.$state.get().results.map((hit) => hit.id)).toEqual([1]);
    expect(store.$state.get().resultQuery).toBe('iphone 13');
  });

  it('ignores a late failure of an older search', async () => {
    const { calls, search } = manualSearch();
    const store = createSearchStore({ search, onChoose: () => {} });
    store.setQuery('pixel');
    vi.advanceTimersByTime(150);
    store.setQuery('pixel 8');
    vi.advanceTimersByTime(150);
    calls[1]?.answer(three);
    await vi.runAllTimersAsync();
    calls[0]?.fail(new Error('aborted'));
    await vi.runAllTimersAsync();
    expect(store.$state.get().status).toBe('ready');
  });

  it('clearing the text cancels the pending search and goes idle', async () => {
    const { calls, search } = manualSearch();
    const store = createSearchStore({ search, onChoose: () => {} });
    store.setQuery('ipad');
    vi.advanceTimersByTime(150);
    store.setQuery('   ');
    expect(calls[0]?.signal.aborted).toBe(true);
    calls[0]?.answer(three);
    await vi.runAllTimersAsync();
    expect(store.$state.get()).toMatchObject({ status: 'idle', open: false, results: [] });
  });

  it.each([
    [[], 'empty'],
    [three, 'ready'],
  ] as const)('an answer of %j devices is %s', async (answer, status) => {
    const store = createSearchStore({ search: async () => answer, onChoose: () => {} });
    store.setQuery('xyz');
    await vi.runAllTimersAsync();
    expect(store.$state.get().status).toBe(status);
  });

  it('shows an error on failure and retries at once', async () => {
    let fail = true;
    const search = vi.fn<DeviceSearch>(async () => {
      if (fail) throw new Error('offline');
      return three;
    });
    const store = createSearchStore({ search, onChoose: () => {} });
    store.setQuery('galaxy');
    await vi.runAllTimersAsync();
    expect(store.$state.get().status).toBe('error');
    fail = false;
    store.retry();
    expect(store.$state.get().status).toBe('loading');
    await vi.runAllTimersAsync();
    expect(store.$state.get().status).toBe('ready');
    expect(search).toHaveBeenCalledTimes(2);
  });
});

/** A store that has searched and shows the three results. */
async function withResults(onChoose: (picked: DeviceVariant) => void = () => {}) {
  const store = createSearchStore({ search: async () => three, onChoose });
  store.setQuery('iphone 13');
  await vi.runAllTimersAsync();
  return store;
}

describe('createSearchStore: keyboard model', () => {
  it('moves down and up, wrapping around', async () => {
    const store = await withResults();
    const seen: number[] = [];
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp'] as const) {
      expect(store.pressKey(key)).toBe(true);
      seen.push(store.$state.get().activeIndex);
    }
    expect(seen).toEqual([0, 1, 2, 0, 2]);
  });

  it('ArrowUp from no active option goes to the last one', async () => {
    const store = await withResults();
    store.pressKey('ArrowUp');
    expect(store.$state.get().activeIndex).toBe(2);
  });

  it('Enter chooses the active option and closes the list', async () => {
    const chosen: DeviceVariant[] = [];
    const store = await withResults((picked) => chosen.push(picked));
    store.pressKey('ArrowDown');
    store.pressKey('ArrowDown');
    expect(store.pressKey('Enter')).toBe(true);
    expect(chosen.map((variant) => variant.url)).toEqual(['device-2']);
    expect(store.$state.get().open).toBe(false);
  });

  it('Enter without an active option is left to the form', async () => {
    const store = await withResults();
    expect(store.pressKey('Enter')).toBe(false);
  });

  it('Escape closes first, then clears the text', async () => {
    const store = await withResults();
    store.pressKey('ArrowDown');
    expect(store.pressKey('Escape')).toBe(true);
    expect(store.$state.get()).toMatchObject({ open: false, activeIndex: -1, query: 'iphone 13' });
    expect(store.pressKey('Escape')).toBe(true);
    expect(store.$state.get()).toMatchObject({ query: '', status: 'idle', results: [] });
    expect(store.pressKey('Escape')).toBe(false);
  });

  it('ArrowDown reopens a closed list', async () => {
    const store = await withResults();
    store.pressKey('Escape');
    store.pressKey('ArrowDown');
    expect(store.$state.get()).toMatchObject({ open: true, activeIndex: 0 });
  });

  it('arrows do nothing without results', () => {
    const store = createSearchStore({ search: async () => [], onChoose: () => {} });
    expect(store.pressKey('ArrowDown')).toBe(false);
    expect(store.$state.get().activeIndex).toBe(-1);
  });
});

/** A model of three storage sizes, as the API answers it (the 256 GB variant matched best). */
const iphone13Pro: DeviceSummary = {
  ...device(21, 'Apple iPhone 13 Pro 256 GB'),
  variant: '256 GB',
  url: 'iphone-13-pro-256-gb',
  variants: [
    { id: 20, url: 'iphone-13-pro-128-gb', variant: '128 GB', bestPriceCents: 38_000 },
    { id: 21, url: 'iphone-13-pro-256-gb', variant: '256 GB', bestPriceCents: 41_000 },
    { id: 22, url: 'iphone-13-pro-1-tb', variant: '1 TB', bestPriceCents: 47_500 },
  ],
  bestPriceCents: 41_000,
};

describe('createSearchStore: variants', () => {
  it('lists every variant of each model as an option, smallest storage first', () => {
    const options = searchOptionsOf([three[0] as DeviceSummary, iphone13Pro]);
    expect(options.map((option) => [option.hit.id, option.variant.url])).toEqual([
      [1, 'device-1'],
      [21, 'iphone-13-pro-128-gb'],
      [21, 'iphone-13-pro-256-gb'],
      [21, 'iphone-13-pro-1-tb'],
    ]);
  });

  it('lets a model without listed variants stand for itself', () => {
    const options = searchOptionsOf([{ ...iphone13Pro, variants: [] }]);
    expect(options.map((option) => option.variant)).toEqual([
      { id: 21, url: 'iphone-13-pro-256-gb', variant: '256 GB', bestPriceCents: 41_000 },
    ]);
  });

  it('walks through the variants with the arrow keys and chooses the active one', async () => {
    const chosen: DeviceVariant[] = [];
    const store = createSearchStore({
      search: async () => [three[0] as DeviceSummary, iphone13Pro],
      onChoose: (variant) => chosen.push(variant),
    });
    store.setQuery('iphone 13');
    await vi.runAllTimersAsync();
    expect(store.$state.get().options).toHaveLength(4);
    store.pressKey('ArrowUp');
    expect(store.$state.get().activeIndex).toBe(3);
    store.pressKey('ArrowUp');
    store.pressKey('Enter');
    store.choose(3);
    expect(chosen.map((variant) => variant.url)).toEqual([
      'iphone-13-pro-256-gb',
      'iphone-13-pro-1-tb',
    ]);
  });
});

describe('searchTextOf', () => {
  it.each([
    ['  iphone 13  ', 'iphone 13'],
    ['   ', ''],
    ['x'.repeat(150), 'x'.repeat(100)],
    ['😀'.repeat(120), '😀'.repeat(100)],
  ])('sends %j as %j', (query, text) => {
    expect(searchTextOf(query)).toBe(text);
  });
});
