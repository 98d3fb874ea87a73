import { $checkout, addToCart, createApiClient, resetCheckout } from '@tradein/client-core';
import { b2bTradeCapCents } from '@tradein/editions/client';
import type { ShopMode } from '@tradein/editions/client';
import type { Tracker } from '@tradein/client-core';
import type { Device } from '@tradein/contract';
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

const device: Device = {
  id: 42,
  name: 'Apple iPhone 13 Pro',
  model: 'iPhone 13 Pro',
  variant: '128 GB',
  variants: [
    { id: 42, url: 'apple-iphone-13-pro-128-gb', variant: '128 GB', bestPriceCents: 41_000 },
  ],
  url: 'apple-iphone-13-pro-128-gb',
  bestPriceCents: 41_000,
  category: 'Smartphones',
  categoryId: 1,
  manufacturer: 'Apple',
  manufacturerId: 2,
  series: 'iPhone 13',
  seriesId: 3,
  image: null,
  thumbnail: '/images/iphone-13-pro.png',
  questions: [
    {
      id: 101,
      code: 'GRADE',
      question: 'What condition is the device in?',
      description: '',
      answers: [
        { id: 1011, code: 'GRADE_LIKE_NEW', text: 'Like new' },
        { id: 1012, code: 'GRADE_GOOD', text: 'Good' },
      ],
    },
  ],
};

function json(value: unknown, status: number): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

interface StoreSetup {
  shopMode?: ShopMode;
  /** Whether the search finds the device (default) or not. */
  deviceFound?: boolean;
  replacesOfferId?: string;
}

function storeFor(answer: { status: number; body: unknown }, setup: StoreSetup = {}) {
  const paths: string[] = [];
  const fetchStub = vi.fn<typeof fetch>(async (input) => {
    const path = new URL(String(input)).pathname;
    paths.push(path);
    if (path === '/api/trade/searches') {
      const hits = setup.deviceFound === false ? [] : [device];
      return json({ kind: 'deviceByUrl', total: hits.length, hits }, 200);
    }
    return json(answer.body, answer.status);
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
    edition: 'de',
    deviceUrl: 'apple-iphone-13-pro-128-gb',
    replacesOfferId: setup.replacesOfferId,
    shopMode: setup.shopMode ?? 'default',
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
    expect(paths.toSorted()).toEqual([
      '/api/trade/offers/6f1c7a52-2b7e-4c1e-9a55-0d6c2f0b8e11',
      '/api/trade/searches',
    ]);
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
        name: 'Apple iPhone 13 Pro 128 GB',
        price: 41_400,
        quantity: 1,
        deviceUrl: 'apple-iphone-13-pro-128-gb',
        variant: '128 GB',
        answers: [{ questionId: 101, answerId: 1011 }],
        conditions: [{ question: 'What condition is the device in?', answer: 'Like new' }],
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
    const b2b = storeFor({ status: 200, body: above }, { shopMode: 'b2bWidget' });
    await b2b.store.load();
    expect(b2b.store.addToCart('Device 42')).toBeUndefined();
    expect(b2b.store.$cart.get()).toMatchObject({
      status: 'refused',
      error: { code: 'b2b_cap_exceeded', capCents: b2bTradeCapCents },
    });
    expect($checkout.get().cart).toEqual([]);

    const consumer = storeFor({ status: 200, body: above });
    await consumer.store.load();
    expect(consumer.store.addToCart('Device 42')).toBeDefined();
    expect($checkout.get().cart).toHaveLength(1);
  });

  it('names the device with its variant and the answers as the seller read them', async () => {
    const { store } = storeFor({ status: 200, body: offerOf(41_400) });
    await store.load();
    expect(store.$load.get()).toMatchObject({
      status: 'ready',
      device: {
        name: 'Apple iPhone 13 Pro 128 GB',
        variant: '128 GB',
        conditions: [{ question: 'What condition is the device in?', answer: 'Like new' }],
      },
    });
  });

  it('shows the offer by the flow’s name when the search cannot find the device', async () => {
    const { store } = storeFor({ status: 200, body: offerOf(41_400) }, { deviceFound: false });
    await store.load();
    expect(store.$load.get()).toMatchObject({
      status: 'ready',
      device: { name: 'iPhone 13 Pro 128 GB', variant: undefined, conditions: [] },
    });
  });

  it('keeps the offer in the cart once for "sell another device"', async () => {
    const { store, track } = storeFor({ status: 200, body: offerOf(41_400) });
    await store.load();
    expect(store.keepInCart('Device 42')).toEqual({
      name: 'Apple iPhone 13 Pro 128 GB',
      count: 1,
      added: true,
    });
    expect(store.keepInCart('Device 42')).toEqual({
      name: 'Apple iPhone 13 Pro 128 GB',
      count: 1,
      added: false,
    });
    expect($checkout.get().cart).toHaveLength(1);
    expect(track).toHaveBeenCalledTimes(1);
  });

  it('takes the place of the cart line whose answers were changed', async () => {
    const earlier = '1a2b3c4d-0000-4000-8000-000000000001';
    const later = '1a2b3c4d-0000-4000-8000-000000000003';
    addToCart({ deviceId: 7, offerId: later, name: 'Pixel 7', price: 100 });
    addToCart({ deviceId: 42, offerId: earlier, name: 'iPhone', price: 50_000, quantity: 2 });
    addToCart({
      deviceId: 8,
      offerId: '1a2b3c4d-0000-4000-8000-000000000004',
      name: 'iPad',
      price: 1,
    });
    const { store } = storeFor(
      { status: 200, body: offerOf(41_400) },
      { replacesOfferId: earlier },
    );
    await store.load();
    expect(store.replacesCartLine()).toBe(true);
    expect(store.addToCart('Device 42')).toBeDefined();
    expect($checkout.get().cart.map((line) => [line.name, line.quantity])).toEqual([
      ['Pixel 7', 1],
      ['Apple iPhone 13 Pro 128 GB', 2],
      ['iPad', 1],
    ]);
    expect(store.replacesCartLine()).toBe(false);
  });

  it('asks the questions again with the offer’s answers, naming the line they replace', async () => {
    const offerId = '6f1c7a52-2b7e-4c1e-9a55-0d6c2f0b8e11';
    const earlier = '1a2b3c4d-0000-4000-8000-000000000001';
    const questions = {
      screen: 'questions',
      deviceUrl: 'apple-iphone-13-pro-128-gb',
      answers: [{ questionId: 101, answerId: 1011 }],
      question: 0,
    };
    const fresh = storeFor({ status: 200, body: offerOf(41_400) });
    await fresh.store.load();
    expect(fresh.store.changeAnswersStep()).toEqual(questions);

    addToCart({ deviceId: 42, offerId: earlier, name: 'iPhone', price: 50_000 });
    const changing = storeFor({ status: 200, body: offerOf(41_400) }, { replacesOfferId: earlier });
    await changing.store.load();
    expect(changing.store.changeAnswersStep()).toEqual({ ...questions, replacesOfferId: earlier });

    changing.store.addToCart('Device 42');
    expect(changing.store.changeAnswersStep()).toEqual({ ...questions, replacesOfferId: offerId });
  });
});
