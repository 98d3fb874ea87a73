import { $checkout, addToCart, initCheckout, resetCheckout } from '@tradein/client-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCartStore } from './cart-store.ts';

const phone = '0b7c8a52-58c4-4e0f-9a43-6a1b1f0e2c11';
const tablet = '5e2d6f0a-1c3b-4a8e-8f61-2b7d9c4e0a22';

beforeEach(() => {
  localStorage.clear();
  initCheckout({ shopMode: 'default' });
  resetCheckout();
});
afterEach(() => localStorage.clear());

function fill(): void {
  // 123.456 cents × 3 = 370.368, truncated to 370; 29 × 7 = 203.
  expect(
    addToCart({ deviceId: 1, offerId: phone, name: 'iPhone 13', price: 123.456, quantity: 3 }).ok,
  ).toBe(true);
  expect(
    addToCart({ deviceId: 2, offerId: tablet, name: 'iPad Air', price: 29, quantity: 7 }).ok,
  ).toBe(true);
}

describe('createCartStore', () => {
  it('shows each line with its truncated amount and the sum of those as the total', () => {
    fill();
    const store = createCartStore();
    expect(store.$lines.get()).toEqual([
      {
        offerId: phone,
        name: 'iPhone 13',
        conditions: [],
        changeAnswers: undefined,
        quantity: 3,
        amountCents: 370,
        canIncrease: true,
      },
      {
        offerId: tablet,
        name: 'iPad Air',
        conditions: [],
        changeAnswers: undefined,
        quantity: 7,
        amountCents: 203,
        canIncrease: true,
      },
    ]);
    expect(store.$totalCents.get()).toBe(573);
    expect(store.$expiresAt.get()).toBe($checkout.get().cartExpiry);
  });

  it('names a line with its variant, its answers, and the way to change them', () => {
    const conditions = [{ question: 'Is the display free of cracks?', answer: 'Yes, no cracks' }];
    const answers = [{ questionId: 7, answerId: 71 }];
    expect(
      addToCart({
        deviceId: 1,
        offerId: phone,
        name: 'Apple iPhone 13',
        price: 100,
        deviceUrl: 'apple-iphone-13-256gb',
        variant: '256 GB',
        answers,
        conditions,
      }).ok,
    ).toBe(true);
    const [line] = createCartStore().$lines.get();
    expect(line).toMatchObject({
      name: 'Apple iPhone 13 256 GB',
      conditions,
      changeAnswers: {
        screen: 'questions',
        deviceUrl: 'apple-iphone-13-256gb',
        answers,
        question: 0,
        replacesOfferId: phone,
      },
    });
  });

  it.each([
    ['increase', 4, 493 + 203],
    ['decrease', 2, 246 + 203],
  ] as const)('%s changes the quantity and the total', (action, quantity, total) => {
    fill();
    const store = createCartStore();
    store[action](phone);
    expect(store.$lines.get()[0]?.quantity).toBe(quantity);
    expect(store.$totalCents.get()).toBe(total);
    expect(store.$notice.get()).toBeNull();
  });

  it('never decreases below one piece and never increases above 99', () => {
    expect(addToCart({ deviceId: 1, offerId: phone, name: 'A', price: 100, quantity: 1 }).ok).toBe(
      true,
    );
    expect(
      addToCart({ deviceId: 2, offerId: tablet, name: 'B', price: 100, quantity: 99 }).ok,
    ).toBe(true);
    const store = createCartStore();
    store.decrease(phone);
    store.increase(tablet);
    expect(store.$lines.get().map((line) => [line.quantity, line.canIncrease])).toEqual([
      [1, true],
      [99, false],
    ]);
  });

  it('removes a line, and an empty cart has no expiry', () => {
    fill();
    const store = createCartStore();
    store.remove(phone);
    expect(store.$lines.get().map((line) => line.offerId)).toEqual([tablet]);
    store.remove(tablet);
    expect(store.$lines.get()).toEqual([]);
    expect(store.$totalCents.get()).toBe(0);
    expect(store.$expiresAt.get()).toBeNull();
  });

  it('refuses a quantity above the B2B cap and says which cap, leaving the cart unchanged', () => {
    initCheckout({ shopMode: 'b2bWidget' });
    expect(
      addToCart({ deviceId: 1, offerId: phone, name: 'A', price: 100_000, quantity: 5 }).ok,
    ).toBe(true);
    const store = createCartStore();
    store.increase(phone);
    expect(store.$notice.get()).toEqual({ kind: 'cap', capCents: 500_000 });
    expect(store.$lines.get()[0]?.quantity).toBe(5);
    expect(store.$totalCents.get()).toBe(500_000);
    // The next change that succeeds clears the notice.
    store.decrease(phone);
    expect(store.$notice.get()).toBeNull();
  });

  it('allows the same quantity outside B2B mode', () => {
    expect(
      addToCart({ deviceId: 1, offerId: phone, name: 'A', price: 100_000, quantity: 5 }).ok,
    ).toBe(true);
    const store = createCartStore();
    store.increase(phone);
    expect(store.$lines.get()[0]?.quantity).toBe(6);
    expect(store.$notice.get()).toBeNull();
  });

  it('keeps notices per element while the lines are shared', () => {
    initCheckout({ shopMode: 'b2bWidget' });
    expect(addToCart({ deviceId: 1, offerId: phone, name: 'A', price: 500_000 }).ok).toBe(true);
    const first = createCartStore();
    const second = createCartStore();
    first.increase(phone);
    expect(first.$notice.get()?.kind).toBe('cap');
    expect(second.$notice.get()).toBeNull();
    expect(second.$lines.get()).toEqual(first.$lines.get());
  });
});
