import Cookies from 'js-cookie';
import * as z from 'zod/mini';
import { computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import {
  b2bTradeCapCents,
  defaultPaymentType,
  isB2BMode,
  offerValidityDays,
  payPalPaymentMethod,
  shopModeSchema,
} from '@tradein/editions/client';
import type { ShopMode } from '@tradein/editions/client';
import {
  apiErrorCode,
  cartCountCookieName,
  cartLineSchema,
  checkoutStateSchema,
  epochMillisecondsSchema,
  voucherCodeSchema,
} from '@tradein/contract';
import type { CartLine, CheckoutState } from '@tradein/contract';
import { cartTotal } from './money.ts';

/** Storage key of the persisted checkout state. */
export const CHECKOUT_STORAGE_KEY = 'tradein:checkout';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why a cart change was refused. Nothing was changed when one of these is returned. */
export type CheckoutError =
  | {
      readonly code: typeof apiErrorCode.b2bCapExceeded;
      readonly message: string;
      /** The B2B trade cap, in cents. */
      readonly capCents: number;
      /** The cart total the change would have produced, in cents. */
      readonly totalCents: number;
    }
  | { readonly code: 'invalid_input'; readonly message: string }
  | { readonly code: 'unknown_offer'; readonly message: string; readonly offerId: string };

/** Outcome of a cart change: either applied, or refused with the reason. */
export type CheckoutResult =
  { readonly ok: true } | { readonly ok: false; readonly error: CheckoutError };

/** What {@link addToCart} takes: a cart line (quantity defaults to 1) and the offer's expiry. */
export interface NewCartLine {
  readonly deviceId: number;
  readonly offerId: string;
  readonly name: string;
  /** Price of one unit in cents; may carry a sub-cent fraction. */
  readonly price: number;
  readonly quantity?: number;
  /** When the offer ends (epoch ms); defaults to now + 14 days. */
  readonly expiresAt?: number;
  /** The device's url or id, to ask its questions again ("change answers"). */
  readonly deviceUrl?: string;
  /** The device's variant, e.g. `256 GB`. */
  readonly variant?: string;
  /** The answers the offer was priced with (ids). */
  readonly answers?: readonly NonNullable<CartLine['answers']>[number][];
  /** The same answers as the seller read them: question and answer texts. */
  readonly conditions?: readonly NonNullable<CartLine['conditions']>[number][];
}

// Module-level schemas are built in calls marked pure, so bundles that do not use them drop them.
const newCartLineSchema = /* @__PURE__ */ (() =>
  z.object({
    ...cartLineSchema.shape,
    quantity: z.optional(cartLineSchema.shape.quantity),
    expiresAt: z.optional(epochMillisecondsSchema),
  }))();

const quantitySchema = /* @__PURE__ */ (() => cartLineSchema.shape.quantity)();
const paymentTypeSchema = /* @__PURE__ */ (() => checkoutStateSchema.shape.paymentType)();
const transactionIdSchema = /* @__PURE__ */ (() => checkoutStateSchema.shape.transactionId)();

let now: () => number = Date.now;

/** Whether a payment type pays out through PayPal (§9: 2 is PayPal, anything else SEPA). */
export function isPayPalPaymentType(paymentType: number): boolean {
  return paymentType === payPalPaymentMethod;
}

/** The state of a checkout that has not started: empty cart, default payment type, no B2B. */
export function emptyCheckoutState(): CheckoutState {
  return {
    cart: [],
    cartExpiry: 0,
    offerIds: [],
    transactionId: 0,
    voucher: null,
    B2BMode: false,
    priceCalculateDone: false,
    paymentType: defaultPaymentType,
    isPayPalTransaction: isPayPalPaymentType(defaultPaymentType),
  };
}

/** The same state with an empty cart: lines, offer ids, expiry, voucher and price flag reset. */
function withEmptyCart(state: CheckoutState): CheckoutState {
  return {
    ...state,
    cart: [],
    cartExpiry: 0,
    offerIds: [],
    voucher: null,
    priceCalculateDone: false,
  };
}

function isExpired(state: CheckoutState, at: number): boolean {
  return state.cart.length > 0 && state.cartExpiry <= at;
}

/**
 * Reads a stored checkout state back. Storage may hold anything (old versions, other tabs,
 * hand edits): what does not match the contract's schema becomes the empty state, and a cart
 * whose offers have expired is emptied. Never throws.
 */
export function decodeCheckoutState(raw: string, at: number = now()): CheckoutState {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return emptyCheckoutState();
  }
  const parsed = checkoutStateSchema.safeParse(json);
  if (!parsed.success) return emptyCheckoutState();
  return isExpired(parsed.data, at) ? withEmptyCart(parsed.data) : parsed.data;
}

/** The checkout state of §3, kept in local storage across reloads and synced between tabs. */
export const $checkout = /* @__PURE__ */ persistentAtom<CheckoutState>(
  CHECKOUT_STORAGE_KEY,
  /* @__PURE__ */ emptyCheckoutState(),
  {
    encode: (state) => JSON.stringify(state),
    decode: (raw) => decodeCheckoutState(raw),
  },
);

/** Cart total in whole cents: the sum of the truncated line amounts (§3). */
export const $cartTotal = /* @__PURE__ */ computed($checkout, (state) => cartTotal(state.cart));

/** Number of devices in the cart (sum of quantities). */
export const $cartCount = /* @__PURE__ */ computed($checkout, (state) =>
  state.cart.reduce((count, line) => count + line.quantity, 0),
);

/** The current state with an expired cart emptied, so every change starts from live offers. */
function current(): CheckoutState {
  const state = $checkout.get();
  return isExpired(state, now()) ? withEmptyCart(state) : state;
}

function isHttpsPage(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:';
}

/**
 * Mirrors the number of devices into the cart count cookie (contract `cartCountCookieName`),
 * expiring with the cart, so a server-rendered page shows the count before any script runs.
 * An empty cart removes the cookie. Nothing happens outside a browser.
 */
export function mirrorCartCount(state: CheckoutState): void {
  if (typeof document === 'undefined') return;
  const count = state.cart.reduce((sum, line) => sum + line.quantity, 0);
  if (count === 0) {
    Cookies.remove(cartCountCookieName, { path: '/' });
    return;
  }
  Cookies.set(cartCountCookieName, String(count), {
    expires: new Date(state.cartExpiry),
    path: '/',
    sameSite: 'Lax',
    secure: isHttpsPage(),
  });
}

function commit(state: CheckoutState): void {
  $checkout.set(state);
  mirrorCartCount(state);
}

function invalid(message: string): CheckoutResult {
  return { ok: false, error: { code: 'invalid_input', message } };
}

/**
 * Applies a cart change unless B2B mode is on and the new total would exceed the B2B trade cap
 * (§9). A total of exactly the cap is allowed.
 */
function commitCart(next: CheckoutState): CheckoutResult {
  const totalCents = cartTotal(next.cart);
  if (next.B2BMode && totalCents > b2bTradeCapCents) {
    return {
      ok: false,
      error: {
        code: apiErrorCode.b2bCapExceeded,
        message: `A B2B trade may total at most ${b2bTradeCapCents} cents; this change would make it ${totalCents} cents`,
        capCents: b2bTradeCapCents,
        totalCents,
      },
    };
  }
  commit(next);
  return { ok: true };
}

function offerIdsOf(cart: readonly CartLine[]): string[] {
  return cart.map((line) => line.offerId);
}

/** Options of {@link initCheckout}. */
export interface CheckoutInit {
  /** The shop mode of this page; B2B mode is on exactly for `b2bWidget` (§4). */
  readonly shopMode: ShopMode;
  /** Clock in epoch milliseconds; defaults to `Date.now`. */
  readonly now?: () => number;
}

/** Starts the checkout for a shop mode: sets B2B mode and empties an expired cart. */
export function initCheckout(init: CheckoutInit): void {
  const shopMode = shopModeSchema.safeParse(init.shopMode);
  if (!shopMode.success) {
    throw new Error(`initCheckout: unknown shop mode "${String(init.shopMode)}"`);
  }
  now = init.now ?? Date.now;
  commit({ ...current(), B2BMode: isB2BMode(shopMode.data) });
}

/**
 * Puts an offer in the cart. The same offer again adds to its quantity. The cart expires with
 * its earliest offer. Refused (nothing changes) for invalid input or above the B2B cap.
 */
export function addToCart(line: NewCartLine): CheckoutResult {
  const parsed = newCartLineSchema.safeParse(line);
  if (!parsed.success) return invalid(`Invalid cart line: ${z.prettifyError(parsed.error)}`);
  const { expiresAt, quantity = 1, ...fields } = parsed.data;
  const state = current();
  const offerExpiry = expiresAt ?? now() + offerValidityDays * DAY_MS;
  if (offerExpiry <= now()) return invalid(`Offer ${fields.offerId} has expired`);

  const existing = state.cart.find((entry) => entry.offerId === fields.offerId);
  let cart: CartLine[];
  if (existing) {
    const grown = existing.quantity + quantity;
    if (!quantitySchema.safeParse(grown).success) return invalid('Quantity is too large');
    // One offer id is one priced offer: keep the line as priced, only the count grows.
    cart = state.cart.map((entry) => (entry === existing ? { ...entry, quantity: grown } : entry));
  } else {
    cart = [...state.cart, { ...fields, quantity }];
  }
  const cartExpiry =
    state.cart.length === 0 ? offerExpiry : Math.min(state.cartExpiry, offerExpiry);
  return commitCart({
    ...state,
    cart,
    offerIds: offerIdsOf(cart),
    cartExpiry,
    priceCalculateDone: false,
  });
}

/**
 * Puts a new offer in the place of a cart line (the seller changed the answers of that device):
 * same position, same quantity unless `line` names one. When `replacedOfferId` is no longer in
 * the cart (removed in another tab, expired) the offer is added like {@link addToCart}. Refused
 * (nothing changes) for invalid input or above the B2B cap.
 */
export function replaceInCart(replacedOfferId: string, line: NewCartLine): CheckoutResult {
  const parsed = newCartLineSchema.safeParse(line);
  if (!parsed.success) return invalid(`Invalid cart line: ${z.prettifyError(parsed.error)}`);
  const state = current();
  const replaced = state.cart.find((entry) => entry.offerId === replacedOfferId);
  if (replaced === undefined) return addToCart(line);
  const { expiresAt, quantity = replaced.quantity, ...fields } = parsed.data;
  const offerExpiry = expiresAt ?? now() + offerValidityDays * DAY_MS;
  if (offerExpiry <= now()) return invalid(`Offer ${fields.offerId} has expired`);
  // The new offer takes the old line's place; a line of it added earlier is merged into that place.
  const cart = state.cart.flatMap((entry) => {
    if (entry === replaced) return [{ ...fields, quantity }];
    return entry.offerId === fields.offerId ? [] : [entry];
  });
  return commitCart({
    ...state,
    cart,
    offerIds: offerIdsOf(cart),
    // The replaced offer's expiry may stay the earliest: the cart may end early, never late.
    cartExpiry: Math.min(state.cartExpiry, offerExpiry),
    priceCalculateDone: false,
  });
}

/** Sets the quantity of a cart line; 0 removes it. Refused above the B2B cap or for bad input. */
export function setQuantity(offerId: string, quantity: number): CheckoutResult {
  if (quantity === 0) return removeFromCart(offerId);
  if (!quantitySchema.safeParse(quantity).success) {
    return invalid(`Quantity must be a whole number of at least 1, got ${quantity}`);
  }
  const state = current();
  if (!state.cart.some((line) => line.offerId === offerId)) {
    return {
      ok: false,
      error: { code: 'unknown_offer', message: `Offer ${offerId} is not in the cart`, offerId },
    };
  }
  const cart = state.cart.map((line) => (line.offerId === offerId ? { ...line, quantity } : line));
  return commitCart({ ...state, cart, priceCalculateDone: false });
}

/** Removes an offer from the cart (lowering the total is always allowed). */
export function removeFromCart(offerId: string): CheckoutResult {
  const state = current();
  if (!state.cart.some((line) => line.offerId === offerId)) {
    return {
      ok: false,
      error: { code: 'unknown_offer', message: `Offer ${offerId} is not in the cart`, offerId },
    };
  }
  const cart = state.cart.filter((line) => line.offerId !== offerId);
  commit(
    cart.length === 0
      ? withEmptyCart(state)
      : { ...state, cart, offerIds: offerIdsOf(cart), priceCalculateDone: false },
  );
  return { ok: true };
}

/** Empties the cart (after a trade is created, or on request); the transaction id stays. */
export function clearCart(): void {
  commit(withEmptyCart($checkout.get()));
}

/** Sets or removes (null) the voucher code. Refused for a malformed code. */
export function setVoucher(voucher: string | null): CheckoutResult {
  if (voucher !== null && !voucherCodeSchema.safeParse(voucher).success) {
    return invalid(`Invalid voucher code: ${voucher}`);
  }
  commit({ ...current(), voucher, priceCalculateDone: false });
  return { ok: true };
}

/** Chooses the payout method: 2 is PayPal, anything else SEPA (§9). */
export function setPaymentType(paymentType: number): CheckoutResult {
  if (!paymentTypeSchema.safeParse(paymentType).success) {
    return invalid(`Payment type must be a non-negative whole number, got ${paymentType}`);
  }
  commit({
    ...current(),
    paymentType,
    isPayPalTransaction: paymentType === payPalPaymentMethod,
  });
  return { ok: true };
}

/** Records the transaction id of the trade just created (0 clears it). */
export function setTransactionId(transactionId: number): CheckoutResult {
  if (!transactionIdSchema.safeParse(transactionId).success) {
    return invalid(`Transaction id must be a non-negative whole number, got ${transactionId}`);
  }
  commit({ ...current(), transactionId });
  return { ok: true };
}

/** Marks whether the price calculation of the cart has finished. */
export function setPriceCalculateDone(done: boolean): void {
  commit({ ...current(), priceCalculateDone: done });
}

/** Call on every navigation: leaving the thank-you context resets transactionId to 0 (§2, §4). */
export function onNavigate(routeName: string): void {
  if (routeName.includes('thankYou')) return;
  const state = $checkout.get();
  if (state.transactionId !== 0) commit({ ...state, transactionId: 0 });
}

/** Puts the checkout back to its empty state (logout of a shared device, tests). */
export function resetCheckout(): void {
  commit({ ...emptyCheckoutState(), B2BMode: $checkout.get().B2BMode });
}
