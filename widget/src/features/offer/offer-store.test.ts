import { $checkout, createApiClient, resetCheckout } from '@tradein/client-core';
import { b2bTradeCapCents } from '@tradein/editions/client';
import type { ShopMode } from '@tradein/editions/client';
import type { Tracker } from '@tradein/client-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createOfferStore, offerCountdown } from './offer-store.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const now = Date.parse('2026-06-01T10:00:00.000Z');

function offerOf(priceCents: number, offerId = '6f1c7a52-2b7e-4c1e-9a55-0d6c2f0b8e11') {
  return {
    offerId,
    deviceId: 42,
    edition: 'de',
    priceCents,
    currency: 'EUR',
    validUntil: new Date(now + 14 * DAY).toISOString(),
    answers: [{ questionId: 101, answerId: 1011 }],
    recycling: false,
  };
}

function storeFor(answer: { status: number; body: unknown }, shopMode: ShopMode = 'default') {
  const paths: string[] = [];
  const fetchStub = vi.fn<typeof fetch>(async (input) => {
    paths.push(new URL(String(input)).pathname);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  const api = createApiClient({
    baseUrl: 'https://api.example',
    environment: 'production',
    fetch: fetchStub,
  });
  const offerId =
    typeof answer.body === 'object' && answer.body !== null && 'offerId' in answer.body
      ? String(answer.body.offerId)
      : '6f1c7a52-2b7e-4c1e-9a55-0d6c2f0b8e11';
  const track = vi.fn<Tracker['track']>();
  const store = createOfferStore({
    api,
    offerId,
    shopMode,
    deviceName: 'iPhone 13 Pro 128 GB',
    now: () => now,
    tracker: { track },
  });
  return { store, paths, track };
}

beforeEach(() => {
  resetCheckout();
});

describe('offerCountdown', () => {
  it.each([
    ['14 days ahead', 14 * DAY, { unit: 'days', value: 14 }],
    ['a second short of 14 days', 14 * DAY - 1000, { unit: 'days', value: 14 }],
    ['25 hours', 25 * HOUR, { unit: 'days', value: 2 }],
    ['exactly one day', DAY, { unit: 'hours', value: 24 }],
    ['5 hours', 5 * HOUR, { unit: 'hours', value: 5 }],
    ['30 minutes', HOUR / 2, { unit: 'hours', value: 1 }],
    ['now', 0, { unit: 'expired' }],
    ['an hour ago', -HOUR, { unit: 'expired' }],
  ])('%s', (_name, left, expected) => {
    expect(offerCountdown(new Date(now + left).toISOString(), now)).toEqual(expected);
  });
});

describe('createOfferStore', () => {
  it('loads the offer by its id and counts down with the injected clock', async () => {
    const { store, paths } = storeFor({ status: 200, body: offerOf(41_400) });
    expect(store.countdown()).toBeUndefined();
    await store.load();
    expect(paths).toEqual(['/api/trade/offers/6f1c7a52-2b7e-4c1e-9a55-0d6c2f0b8e11']);
    expect(store.$load.get()).toMatchObject({ status: 'ready', offer: { priceCents: 41_400 } });
    expect(store.countdown()).toEqual({ unit: 'days', value: 14 });
  });

  it.each([
    [404, 'not-found'],
    [500, 'error'],
  ])('answers %i as %s', async (status, expected) => {
    const { store } = storeFor({
      status,
      body: { error: { code: 'x', message: 'x', fields: [] } },
    });
    await store.load();
    expect(store.$load.get()).toEqual({ status: expected });
  });

  it('puts the offer in the cart with quantity 1 and the offer’s expiry', async () => {
    const { store, track } = storeFor({ status: 200, body: offerOf(41_400) });
    await store.load();
    expect(store.addToCart('Device 42')?.offerId).toBe('6f1c7a52-2b7e-4c1e-9a55-0d6c2f0b8e11');
    expect(store.$cart.get()).toEqual({ status: 'added' });
    const checkout = $checkout.get();
    expect(checkout.cart).toEqual([
      {
        deviceId: 42,
        offerId: '6f1c7a52-2b7e-4c1e-9a55-0d6c2f0b8e11',
        name: 'iPhone 13 Pro 128 GB',
        price: 41_400,
        quantity: 1,
      },
    ]);
    expect(checkout.cartExpiry).toBe(now + 14 * DAY);
    expect(track).toHaveBeenCalledWith('offer_add_to_cart', {
      deviceId: 42,
      offerId: '6f1c7a52-2b7e-4c1e-9a55-0d6c2f0b8e11',
      revenue: 41_400,
      currency: 'EUR',
    });
  });

  it('refuses an offer above the B2B cap in b2bWidget mode, and allows it in the default mode', async () => {
    const above = offerOf(b2bTradeCapCents + 1);
    const b2b = storeFor({ status: 200, body: above }, 'b2bWidget');
    await b2b.store.load();
    expect(b2b.store.addToCart('Device 42')).toBeUndefined();
    expect(b2b.store.$cart.get()).toMatchObject({
      status: 'refused',
      error: { code: 'b2b_cap_exceeded', capCents: b2bTradeCapCents },
    });
    expect($checkout.get().cart).toEqual([]);

    const consumer = storeFor({ status: 200, body: above }, 'default');
    await consumer.store.load();
    expect(consumer.store.addToCart('Device 42')).toBeDefined();
    expect($checkout.get().cart).toHaveLength(1);
  });
});
