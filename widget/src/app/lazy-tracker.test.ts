import type { ConsentState, Tracker } from '@tradein/client-core';
import { atom } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WidgetConfig } from '../element/widget-attributes.ts';
import { lazyApiClient } from '../shared/lazy-api-client.ts';
import { lazyTracker } from './lazy-tracker.ts';
import type * as TrackingModule from './tracking.ts';

const config: WidgetConfig = {
  edition: 'de',
  mode: 'default',
  apiBase: 'https://trade.example',
  category: undefined,
  device: undefined,
  partner: undefined,
  step: undefined,
};

afterEach(() => {
  vi.restoreAllMocks();
});

/** A tracking module whose tracker records what it is asked to do. */
function fakeModule() {
  const tracked: unknown[] = [];
  const stop = vi.fn<() => void>();
  const tracker: Tracker = {
    track(eventName, fields) {
      tracked.push([eventName, fields]);
      return true;
    },
    stop,
    captureTouchpoints: () => false,
    reportLogin: () => undefined,
    reportPage: () => undefined,
    onReport: () => () => undefined,
    settled: async () => undefined,
  };
  const created = vi.fn<(typeof TrackingModule)['createWidgetTracker']>(() => tracker);
  return { module: { createWidgetTracker: created }, tracked, stop, created };
}

const consent = atom<ConsentState>('unknown');
const api = lazyApiClient({ baseUrl: config.apiBase, environment: 'production' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lazyTracker', () => {
  it('loads the tracking module with the first event, once, and keeps the order', async () => {
    const fake = fakeModule();
    const load = vi.fn<() => Promise<typeof TrackingModule>>(async () => fake.module);
    const tracker = lazyTracker({ config, api, consent, load });
    expect(load).not.toHaveBeenCalled();
    tracker.track('offer_generated', { deviceId: 1, offerId: 'a' });
    tracker.track('offer_add_to_cart', { deviceId: 1, offerId: 'a' });
    await settle();
    tracker.track('trade_created', { tradeId: 7, revenue: 100 });
    await settle();
    expect(load).toHaveBeenCalledOnce();
    expect(fake.created).toHaveBeenCalledWith(expect.objectContaining({ config, api, consent }));
    expect(fake.tracked).toEqual([
      ['offer_generated', { deviceId: 1, offerId: 'a' }],
      ['offer_add_to_cart', { deviceId: 1, offerId: 'a' }],
      ['trade_created', { tradeId: 7, revenue: 100 }],
    ]);
  });

  it('logs a failed fetch and tries again with the next event', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = fakeModule();
    const load = vi
      .fn<() => Promise<typeof fake.module>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(fake.module);
    const tracker = lazyTracker({ config, api, consent, load });
    tracker.track('offer_generated', { deviceId: 1, offerId: 'a' });
    await settle();
    expect(error).toHaveBeenCalledWith('error loading the tracking client', expect.any(TypeError));
    tracker.track('offer_add_to_cart', { deviceId: 1, offerId: 'a' });
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(fake.tracked).toEqual([['offer_add_to_cart', { deviceId: 1, offerId: 'a' }]]);
  });

  it('sends nothing after stop, including events still waiting for the module', async () => {
    const fake = fakeModule();
    const tracker = lazyTracker({ config, api, consent, load: async () => fake.module });
    tracker.track('offer_generated', { deviceId: 1, offerId: 'a' });
    tracker.stop();
    tracker.track('offer_add_to_cart', { deviceId: 1, offerId: 'a' });
    await settle();
    expect(fake.tracked).toEqual([]);
    expect(fake.stop).toHaveBeenCalledOnce();
  });

  it('does not fetch the module for events raised after stop', async () => {
    const load = vi.fn<() => Promise<typeof TrackingModule>>(async () => fakeModule().module);
    const tracker = lazyTracker({ config, api, consent, load });
    tracker.stop();
    tracker.track('offer_generated', { deviceId: 1, offerId: 'a' });
    await settle();
    expect(load).not.toHaveBeenCalled();
  });
});
