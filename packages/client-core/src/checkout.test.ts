import { beforeEach, describe, expect, it, vi } from 'vitest';
import { b2bTradeCapCents, defaultPaymentType } from '@tradein/editions/client';
import type { ShopMode } from '@tradein/editions/client';
import type { CheckoutState } from '@tradein/contract';
import {
  $cartCount,
  $cartTotal,
  $checkout,
  CHECKOUT_STORAGE_KEY,
  addToCart,
  clearCart,
  decodeCheckoutState,
  emptyCheckoutState,
  initCheckout,
  onNavigate,
  mirrorCartCount,
  removeFromCart,
  replaceInCart,
  resetCheckout,
  setPaymentType,
  setPriceCalculateDone,
  setQuantity,
  setTransactionId,
  setVoucher,
} from './checkout.ts';
import type { NewCartLine } from './checkout.ts';

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
let clock = T0;

function start(shopMode: ShopMode = 'default'): void {
  initCheckout({ shopMode, now: () => clock });
}

function line(offerId: string, price: number, extra: Partial<NewCartLine> = {}): NewCartLine {
  return { deviceId: 7, offerId, name: `Device ${offerId}`, price, ...extra };
}

function stored(): unknown {
  const raw = localStorage.getItem(CHECKOUT_STORAGE_KEY);
  return raw === null ? null : JSON.parse(raw);
}

beforeEach(() => {
  clock = T0;
  localStorage.clear();
  resetCheckout();
  start();
});

describe('empty checkout', () => {
  it('starts with an empty cart, default payment type 13 and no transaction', () => {
    expect($checkout.get()).toMatchObject({
      cart: [],
      transactionId: 0,
      paymentType: defaultPaymentType,
      isPayPalTransaction: false,
    });
    expect($cartTotal.get()).toBe(0);
    expect($cartCount.get()).toBe(0);
  });
});

describe('addToCart', () => {
  it('adds a line with quantity 1 and keeps offerIds in sync', () => {
    expect(addToCart(line('o-1', 1999))).toEqual({ ok: true });
    expect(addToCart(line('o-2', 500, { quantity: 2 }))).toEqual({ ok: true });
    const state = $checkout.get();
    expect(state.cart).toEqual([
      { deviceId: 7, offerId: 'o-1', name: 'Device o-1', price: 1999, quantity: 1 },
      { deviceId: 7, offerId: 'o-2', name: 'Device o-2', price: 500, quantity: 2 },
    ]);
    expect(state.offerIds).toEqual(['o-1', 'o-2']);
    expect($cartTotal.get()).toBe(2999);
    expect($cartCount.get()).toBe(3);
  });

  it('grows the quantity when the same offer is added again', () => {
    addToCart(line('o-1', 29));
    addToCart(line('o-1', 29, { quantity: 2 }));
    expect($checkout.get().cart).toHaveLength(1);
    expect($checkout.get().cart[0]?.quantity).toBe(3);
    expect($checkout.get().offerIds).toEqual(['o-1']);
    expect($cartTotal.get()).toBe(87);
  });

  it('truncates each line to whole cents in the total', () => {
    addToCart(line('o-1', 33.3333, { quantity: 3 }));
    addToCart(line('o-2', 0.29 * 100, { quantity: 3 }));
    addToCart(line('o-3', 1999.9999999));
    expect($cartTotal.get()).toBe(99 + 87 + 2000);
  });

  it('sets the cart expiry to now + 14 days by default', () => {
    addToCart(line('o-1', 100));
    expect($checkout.get().cartExpiry).toBe(T0 + 14 * DAY);
  });

  it('keeps the earliest offer expiry', () => {
    addToCart(line('o-1', 100, { expiresAt: T0 + 10 * DAY }));
    addToCart(line('o-2', 100, { expiresAt: T0 + 3 * DAY }));
    addToCart(line('o-3', 100));
    expect($checkout.get().cartExpiry).toBe(T0 + 3 * DAY);
  });

  it('marks the price calculation as outdated', () => {
    setPriceCalculateDone(true);
    addToCart(line('o-1', 100));
    expect($checkout.get().priceCalculateDone).toBe(false);
  });

  it.each([
    { name: 'negative price', input: line('o-1', -1) },
    { name: 'NaN price', input: line('o-1', Number.NaN) },
    { name: 'zero quantity', input: line('o-1', 100, { quantity: 0 }) },
    { name: 'fractional quantity', input: line('o-1', 100, { quantity: 1.5 }) },
    { name: 'malformed offer id', input: line('bad offer!', 100) },
    { name: 'empty name', input: { ...line('o-1', 100), name: '' } },
    { name: 'expired offer', input: line('o-1', 100, { expiresAt: T0 - 1 }) },
  ])('refuses $name and changes nothing', ({ input }) => {
    addToCart(line('o-0', 100));
    const before = $checkout.get();
    const result = addToCart(input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('invalid_input');
    expect($checkout.get()).toBe(before);
  });
});

describe('setQuantity and removeFromCart', () => {
  beforeEach(() => {
    addToCart(line('o-1', 1000));
    addToCart(line('o-2', 250));
  });

  it('sets the quantity of a line', () => {
    expect(setQuantity('o-2', 4)).toEqual({ ok: true });
    expect($cartTotal.get()).toBe(2000);
  });

  it('removes the line when the quantity is 0', () => {
    expect(setQuantity('o-1', 0)).toEqual({ ok: true });
    expect($checkout.get().offerIds).toEqual(['o-2']);
  });

  it.each([-1, 2.5, Number.NaN])('refuses quantity %s', (quantity) => {
    const result = setQuantity('o-1', quantity);
    expect(!result.ok && result.error.code).toBe('invalid_input');
    expect($checkout.get().cart[0]?.quantity).toBe(1);
  });

  it('reports an offer that is not in the cart', () => {
    expect(setQuantity('o-9', 2)).toEqual({
      ok: false,
      error: { code: 'unknown_offer', message: 'Offer o-9 is not in the cart', offerId: 'o-9' },
    });
    expect(removeFromCart('o-9').ok).toBe(false);
  });

  it('removes a line and keeps offerIds in sync', () => {
    expect(removeFromCart('o-1')).toEqual({ ok: true });
    expect($checkout.get().offerIds).toEqual(['o-2']);
    expect($cartTotal.get()).toBe(250);
  });

  it('resets the expiry when the last line goes', () => {
    removeFromCart('o-1');
    removeFromCart('o-2');
    expect($checkout.get()).toMatchObject({ cart: [], offerIds: [], cartExpiry: 0 });
  });
});

describe('replaceInCart', () => {
  const iphone = {
    deviceUrl: 'apple-iphone-13-256gb',
    variant: '256 GB',
    answers: [{ questionId: 7, answerId: 71 }],
    conditions: [{ question: 'Is the display free of cracks?', answer: 'Yes, no cracks' }],
  };

  it('puts the new offer in the old line’s place with its quantity, answers and texts', () => {
    addToCart(line('o-1', 100));
    addToCart(line('o-2', 200, { ...iphone, quantity: 3 }));
    addToCart(line('o-3', 300));
    const changed = {
      answers: [{ questionId: 7, answerId: 72 }],
      conditions: [{ question: 'Is the display free of cracks?', answer: 'No, it is cracked' }],
    };
    expect(replaceInCart('o-2', line('o-4', 50, { ...iphone, ...changed }))).toEqual({ ok: true });
    const state = $checkout.get();
    expect(state.cart.map((entry) => entry.offerId)).toEqual(['o-1', 'o-4', 'o-3']);
    expect(state.offerIds).toEqual(['o-1', 'o-4', 'o-3']);
    expect(state.cart[1]).toEqual({
      deviceId: 7,
      offerId: 'o-4',
      name: 'Device o-4',
      price: 50,
      quantity: 3,
      ...iphone,
      ...changed,
    });
    expect($cartCount.get()).toBe(5);
    expect($cartTotal.get()).toBe(100 + 150 + 300);
  });

  it('adds the offer at the end when the replaced line is gone', () => {
    addToCart(line('o-1', 100));
    expect(replaceInCart('o-9', line('o-2', 200))).toEqual({ ok: true });
    expect($checkout.get().cart.map((entry) => [entry.offerId, entry.quantity])).toEqual([
      ['o-1', 1],
      ['o-2', 1],
    ]);
  });

  it('merges a line of the new offer added earlier into the replaced place', () => {
    addToCart(line('o-1', 100));
    addToCart(line('o-2', 200));
    replaceInCart('o-1', line('o-2', 200));
    expect($checkout.get().cart.map((entry) => entry.offerId)).toEqual(['o-2']);
  });

  it('keeps the earliest expiry: the cart may end early, never late', () => {
    addToCart(line('o-1', 100, { expiresAt: T0 + 3 * DAY }));
    replaceInCart('o-1', line('o-2', 100, { expiresAt: T0 + 14 * DAY }));
    expect($checkout.get().cartExpiry).toBe(T0 + 3 * DAY);
    replaceInCart('o-2', line('o-3', 100, { expiresAt: T0 + DAY }));
    expect($checkout.get().cartExpiry).toBe(T0 + DAY);
  });

  it.each([
    { name: 'an invalid line', input: line('bad offer!', 100) },
    { name: 'an expired offer', input: line('o-2', 100, { expiresAt: T0 - 1 }) },
    { name: 'a device url with a slash', input: line('o-2', 100, { deviceUrl: 'a/b' }) },
  ])('refuses $name and changes nothing', ({ input }) => {
    addToCart(line('o-1', 100));
    const before = $checkout.get();
    expect(replaceInCart('o-1', input)).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect($checkout.get()).toBe(before);
  });

  it('refuses a replacement above the B2B cap in B2B mode', () => {
    start('b2bWidget');
    addToCart(line('o-1', b2bTradeCapCents));
    expect(replaceInCart('o-1', line('o-2', b2bTradeCapCents + 1))).toMatchObject({
      ok: false,
      error: { code: 'b2b_cap_exceeded' },
    });
    expect($checkout.get().cart.map((entry) => entry.offerId)).toEqual(['o-1']);
  });
});

/** The value of the cart count cookie, as the page holds it. */
function cartCountCookie(): string | undefined {
  return document.cookie
    .split('; ')
    .find((cookie) => cookie.startsWith('tradein_cart_count='))
    ?.slice('tradein_cart_count='.length);
}

describe('cart count cookie', () => {
  it('mirrors the number of devices on every change and drops the cookie for an empty cart', () => {
    clock = Date.now();
    start();
    expect(cartCountCookie()).toBeUndefined();
    addToCart(line('o-1', 100, { quantity: 2 }));
    expect(cartCountCookie()).toBe('2');
    addToCart(line('o-2', 100));
    expect(cartCountCookie()).toBe('3');
    setQuantity('o-1', 1);
    expect(cartCountCookie()).toBe('2');
    replaceInCart('o-2', line('o-3', 100));
    expect(cartCountCookie()).toBe('2');
    removeFromCart('o-1');
    expect(cartCountCookie()).toBe('1');
    clearCart();
    expect(cartCountCookie()).toBeUndefined();
  });

  it('expires with the cart, on the whole site', () => {
    const set = vi.spyOn(document, 'cookie', 'set');
    const expiry = Date.UTC(2030, 0, 1);
    mirrorCartCount({
      ...$checkout.get(),
      cart: [{ deviceId: 7, offerId: 'o-1', name: 'Device', price: 1, quantity: 4 }],
      cartExpiry: expiry,
    });
    expect(set).toHaveBeenLastCalledWith(
      `tradein_cart_count=4; path=/; expires=${new Date(expiry).toUTCString()}; sameSite=Lax`,
    );
    set.mockRestore();
  });
});

describe('clearCart', () => {
  it('empties cart, offer ids, expiry and voucher but keeps the transaction id and payment', () => {
    addToCart(line('o-1', 100));
    setVoucher('SPRING-10');
    setTransactionId(4711);
    setPaymentType(2);
    clearCart();
    expect($checkout.get()).toMatchObject({
      cart: [],
      offerIds: [],
      cartExpiry: 0,
      voucher: null,
      transactionId: 4711,
      paymentType: 2,
    });
  });
});

/** Expected outcome of a cart change the B2B cap allows. */
function allowed(total: number) {
  return { result: { ok: true }, cartTotal: total };
}

/** Expected outcome of a cart change the B2B cap refuses (the 400000-cent cart stays). */
function refused(total: number) {
  return {
    result: {
      ok: false,
      error: {
        code: 'b2b_cap_exceeded',
        message: `A B2B trade may total at most 500000 cents; this change would make it ${total} cents`,
        capCents: 500_000,
        totalCents: total,
      },
    },
    cartTotal: 400_000,
  };
}

describe('B2B trade cap', () => {
  const cap = b2bTradeCapCents;

  it('is 500000 cents (5000 EUR)', () => {
    expect(cap).toBe(500_000);
  });

  it.each([
    { shopMode: 'b2bWidget', total: 499_999, expected: allowed(499_999) },
    { shopMode: 'b2bWidget', total: 500_000, expected: allowed(500_000) },
    { shopMode: 'b2bWidget', total: 500_001, expected: refused(500_001) },
    { shopMode: 'default', total: 499_999, expected: allowed(499_999) },
    { shopMode: 'default', total: 500_000, expected: allowed(500_000) },
    { shopMode: 'default', total: 500_001, expected: allowed(500_001) },
    { shopMode: 'agan', total: 500_001, expected: allowed(500_001) },
    { shopMode: 'aganwidget', total: 500_001, expected: allowed(500_001) },
  ] as const)('$shopMode: adding up to $total cents', ({ shopMode, total, expected }) => {
    start(shopMode);
    expect($checkout.get().B2BMode).toBe(shopMode === 'b2bWidget');
    addToCart(line('o-1', 100_000, { quantity: 4 }));
    const result = addToCart(line('o-2', total - 400_000));
    expect({ result, cartTotal: $cartTotal.get() }).toEqual(expected);
  });

  it('changes nothing, not even storage, when the cap refuses a change', () => {
    start('b2bWidget');
    addToCart(line('o-1', 500_000));
    const before = $checkout.get();
    const storedBefore = stored();
    expect(addToCart(line('o-2', 1)).ok).toBe(false);
    expect($checkout.get()).toBe(before);
    expect(stored()).toEqual(storedBefore);
  });

  it('counts the truncated amounts: sub-cent fractions do not push a cart over the cap', () => {
    start('b2bWidget');
    // 3 × 166666.6666 = 499999.9998 cents → truncated 499999.
    expect(addToCart(line('o-1', 166_666.6666, { quantity: 3 })).ok).toBe(true);
    expect($cartTotal.get()).toBe(499_999);
  });

  it('refuses adding the same offer again above the cap', () => {
    start('b2bWidget');
    addToCart(line('o-1', 250_000));
    expect(addToCart(line('o-1', 250_000)).ok).toBe(true);
    const result = addToCart(line('o-1', 250_000));
    expect(!result.ok && result.error).toMatchObject({
      code: 'b2b_cap_exceeded',
      totalCents: 750_000,
    });
    expect($checkout.get().cart[0]?.quantity).toBe(2);
  });

  it.each([
    { quantity: 4, expected: { ok: true, quantity: 4, total: 500_000 } },
    { quantity: 5, expected: { ok: false, quantity: 1, total: 125_000, wouldBe: 625_000 } },
  ])('quantity change to $quantity in B2B mode', ({ quantity, expected }) => {
    start('b2bWidget');
    addToCart(line('o-1', 125_000));
    const result = setQuantity('o-1', quantity);
    expect({
      ok: result.ok,
      quantity: $checkout.get().cart[0]?.quantity,
      total: $cartTotal.get(),
      ...(result.ok
        ? {}
        : { wouldBe: result.error.code === 'b2b_cap_exceeded' && result.error.totalCents }),
    }).toEqual(expected);
  });

  it('allows the same quantity change outside B2B mode', () => {
    addToCart(line('o-1', 125_000));
    expect(setQuantity('o-1', 5)).toEqual({ ok: true });
    expect($cartTotal.get()).toBe(625_000);
  });

  it('always allows lowering a B2B cart', () => {
    initCheckout({ shopMode: 'default', now: () => clock });
    addToCart(line('o-1', 300_000, { quantity: 2 }));
    start('b2bWidget');
    expect(setQuantity('o-1', 1)).toEqual({ ok: true });
    expect(removeFromCart('o-1')).toEqual({ ok: true });
  });

  it('rejects an unknown shop mode', () => {
    expect(() => initCheckout({ shopMode: 'b2b' as ShopMode })).toThrow(
      'initCheckout: unknown shop mode "b2b"',
    );
  });
});

describe('transactionId and navigation', () => {
  it.each([
    { route: 'home', reset: true },
    { route: 'checkout', reset: true },
    { route: 'account', reset: true },
    { route: 'thankYou', reset: false },
    { route: 'b2bwidget-thankYou', reset: false },
    { route: 'thankyou', reset: true },
  ])('navigating to $route resets the transaction id: $reset', ({ route, reset }) => {
    setTransactionId(4711);
    onNavigate(route);
    expect($checkout.get().transactionId).toBe(reset ? 0 : 4711);
  });

  it('refuses a negative or fractional transaction id', () => {
    expect(setTransactionId(-1).ok).toBe(false);
    expect(setTransactionId(1.5).ok).toBe(false);
    expect($checkout.get().transactionId).toBe(0);
  });
});

describe('payment type', () => {
  it.each([
    { paymentType: 2, payPal: true },
    { paymentType: 13, payPal: false },
    { paymentType: 1, payPal: false },
    { paymentType: 0, payPal: false },
  ])('payment type $paymentType is PayPal: $payPal', ({ paymentType, payPal }) => {
    expect(setPaymentType(paymentType)).toEqual({ ok: true });
    expect($checkout.get()).toMatchObject({ paymentType, isPayPalTransaction: payPal });
  });

  it('switches the PayPal flag off again', () => {
    setPaymentType(2);
    setPaymentType(13);
    expect($checkout.get().isPayPalTransaction).toBe(false);
  });

  it('refuses a non-integer payment type', () => {
    expect(setPaymentType(2.5).ok).toBe(false);
    expect($checkout.get().paymentType).toBe(13);
  });
});

describe('voucher and price flag', () => {
  it('sets and removes a voucher', () => {
    expect(setVoucher('SPRING-10')).toEqual({ ok: true });
    expect($checkout.get().voucher).toBe('SPRING-10');
    expect(setVoucher(null)).toEqual({ ok: true });
    expect($checkout.get().voucher).toBeNull();
  });

  it('refuses a malformed voucher code', () => {
    const result = setVoucher('no spaces allowed');
    expect(!result.ok && result.error.code).toBe('invalid_input');
    expect($checkout.get().voucher).toBeNull();
  });

  it('records a finished price calculation', () => {
    setPriceCalculateDone(true);
    expect($checkout.get().priceCalculateDone).toBe(true);
  });
});

describe('expiry', () => {
  it('empties an expired cart before the next change', () => {
    addToCart(line('o-1', 100));
    clock = T0 + 14 * DAY;
    addToCart(line('o-2', 300));
    expect($checkout.get().offerIds).toEqual(['o-2']);
    expect($checkout.get().cartExpiry).toBe(clock + 14 * DAY);
  });

  it('empties an expired cart on start', () => {
    addToCart(line('o-1', 100));
    clock = T0 + 15 * DAY;
    start();
    expect($checkout.get().cart).toEqual([]);
    expect($cartTotal.get()).toBe(0);
  });

  it('keeps a cart that is still valid on start', () => {
    addToCart(line('o-1', 100));
    clock = T0 + 14 * DAY - 1;
    start();
    expect($checkout.get().offerIds).toEqual(['o-1']);
  });
});

function validState(overrides: Partial<CheckoutState> = {}): CheckoutState {
  return {
    ...emptyCheckoutState(),
    cart: [{ deviceId: 3, offerId: 'o-9', name: 'Phone', price: 12_345.5, quantity: 2 }],
    offerIds: ['o-9'],
    cartExpiry: T0 + DAY,
    paymentType: 2,
    isPayPalTransaction: true,
    ...overrides,
  };
}

async function freshModule(raw: string) {
  localStorage.setItem(CHECKOUT_STORAGE_KEY, raw);
  vi.resetModules();
  return import('./checkout.ts');
}

describe('persistence', () => {
  it('writes every change to local storage', () => {
    addToCart(line('o-1', 29, { quantity: 3 }));
    setTransactionId(12);
    expect(stored()).toEqual($checkout.get());
    expect(stored()).toMatchObject({ offerIds: ['o-1'], transactionId: 12 });
  });

  it.each([
    { name: 'not JSON', raw: '{cart: [' },
    { name: 'JSON null', raw: 'null' },
    { name: 'a wrong type', raw: JSON.stringify({ ...emptyCheckoutState(), cart: 'lots' }) },
    {
      name: 'a negative price',
      raw: JSON.stringify(
        validState({ cart: [{ deviceId: 3, offerId: 'o-9', name: 'P', price: -5, quantity: 1 }] }),
      ),
    },
    { name: 'a missing field', raw: JSON.stringify({ cart: [] }) },
  ])('reads $name back as the empty state', ({ raw }) => {
    expect(decodeCheckoutState(raw, T0)).toEqual(emptyCheckoutState());
  });

  it('reads a valid state back unchanged', () => {
    expect(decodeCheckoutState(JSON.stringify(validState()), T0)).toEqual(validState());
  });

  it('reads an expired cart back empty, keeping the other fields', () => {
    const decoded = decodeCheckoutState(JSON.stringify(validState()), T0 + DAY);
    expect(decoded).toEqual({
      ...validState(),
      cart: [],
      offerIds: [],
      cartExpiry: 0,
    });
  });

  it('restores the cart after a reload', async () => {
    const state = validState({ cartExpiry: Date.now() + DAY });
    const reloaded = await freshModule(JSON.stringify(state));
    expect(reloaded.$checkout.get()).toEqual(state);
    expect(reloaded.$cartTotal.get()).toBe(24_691);
  });

  it.each([
    { name: 'corrupt', raw: '][' },
    { name: 'invalid', raw: JSON.stringify({ ...validState(), transactionId: -3 }) },
  ])('starts empty after a reload with $name storage, without throwing', async ({ raw }) => {
    const reloaded = await freshModule(raw);
    expect(reloaded.$checkout.get()).toEqual(emptyCheckoutState());
    expect(reloaded.$cartTotal.get()).toBe(0);
  });

  it('starts with an empty cart after a reload with an expired cart', async () => {
    const reloaded = await freshModule(JSON.stringify(validState({ cartExpiry: Date.now() - 1 })));
    expect(reloaded.$checkout.get().cart).toEqual([]);
    expect(reloaded.$checkout.get().paymentType).toBe(2);
  });
});
