import type { ApiClient, CheckoutError } from '@tradein/client-core';
import { addToCart, initCheckout } from '@tradein/client-core';
import { ApiHttpError, ApiRequestError } from '@tradein/client-core';
import { getOfferEndpoint, type Offer } from '@tradein/contract';
import type { ShopMode } from '@tradein/editions/client';
import { atom, type ReadableAtom } from 'nanostores';
import type { EventTracker } from '../../shared/widget-services.tsx';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Loading the offer. */
export type OfferLoad =
  | { readonly status: 'loading' }
  | { readonly status: 'error' }
  | { readonly status: 'not-found' }
  | { readonly status: 'ready'; readonly offer: Offer };

/** How long an offer stays valid: whole days, hours on the last day, or expired. */
export type OfferCountdown =
  | { readonly unit: 'days'; readonly value: number }
  | { readonly unit: 'hours'; readonly value: number }
  | { readonly unit: 'expired' };

/** The outcome of "add to cart": added, or refused with the client core's reason. */
export type AddToCartState =
  | { readonly status: 'idle' }
  | { readonly status: 'added' }
  | { readonly status: 'refused'; readonly error: CheckoutError };

/**
 * The time left until `validUntil`, rounded up: an offer valid for 14 days minus a second still
 * reads "14 days", and 30 minutes left read "1 hour". Hours only within the last 24 hours.
 */
export function offerCountdown(validUntil: string, now: number): OfferCountdown {
  const left = Date.parse(validUntil) - now;
  if (!(left > 0)) return { unit: 'expired' };
  if (left <= DAY_MS) return { unit: 'hours', value: Math.ceil(left / HOUR_MS) };
  return { unit: 'days', value: Math.ceil(left / DAY_MS) };
}

/** What the offer store needs from its element. */
export interface OfferStoreOptions {
  readonly api: Pick<ApiClient, 'call'>;
  readonly offerId: string;
  /** The element's shop mode: `b2bWidget` puts the cart under the B2B cap. */
  readonly shopMode: ShopMode;
  /** The device's name for the cart line, when the flow knows it. */
  readonly deviceName: string | undefined;
  /** Clock in epoch milliseconds (the countdown); defaults to `Date.now`. */
  readonly now?: () => number;
  /** The element's tracker, when it has one; it obeys consent itself. */
  readonly tracker?: EventTracker;
}

/** One element's offer screen. */
export interface OfferStore {
  readonly $load: ReadableAtom<OfferLoad>;
  readonly $cart: ReadableAtom<AddToCartState>;
  /** Loads (or reloads after an error) the offer. */
  load(): Promise<void>;
  /** The countdown of the loaded offer at the store's clock; undefined before it loads. */
  countdown(): OfferCountdown | undefined;
  /**
   * Puts the offer in the cart (quantity 1, expiring with the offer). `fallbackName` names the
   * line when the flow does not know the device's name. Returns the added offer, or undefined.
   */
  addToCart(fallbackName: string): Offer | undefined;
}

/** Creates the offer store of one element for one offer id. */
export function createOfferStore(options: OfferStoreOptions): OfferStore {
  const now = options.now ?? Date.now;
  const $load = atom<OfferLoad>({ status: 'loading' });
  const $cart = atom<AddToCartState>({ status: 'idle' });

  function loadedOffer(): Offer | undefined {
    const load = $load.get();
    return load.status === 'ready' ? load.offer : undefined;
  }

  return {
    $load,
    $cart,
    async load() {
      $load.set({ status: 'loading' });
      try {
        const offer = await options.api.call(getOfferEndpoint, {
          params: { offerId: options.offerId },
        });
        $load.set({ status: 'ready', offer });
      } catch (error) {
        // A malformed id is a 400 on params.offerId, an unknown one a 404: both mean "no offer".
        const missing =
          error instanceof ApiRequestError ||
          (error instanceof ApiHttpError && (error.status === 404 || error.status === 400));
        $load.set({ status: missing ? 'not-found' : 'error' });
      }
    },
    countdown() {
      const offer = loadedOffer();
      return offer && offerCountdown(offer.validUntil, now());
    },
    addToCart(fallbackName) {
      const offer = loadedOffer();
      if (offer === undefined) return undefined;
      // The cart is page-wide; this element's mode decides whether the B2B cap applies to it.
      initCheckout({ shopMode: options.shopMode, now });
      const result = addToCart({
        deviceId: offer.deviceId,
        offerId: offer.offerId,
        name: options.deviceName ?? fallbackName,
        price: offer.priceCents,
        quantity: 1,
        expiresAt: Date.parse(offer.validUntil),
      });
      if (!result.ok) {
        $cart.set({ status: 'refused', error: result.error });
        return undefined;
      }
      $cart.set({ status: 'added' });
      options.tracker?.track('offer_add_to_cart', {
        deviceId: offer.deviceId,
        offerId: offer.offerId,
        revenue: offer.priceCents,
        currency: offer.currency,
      });
      return offer;
    },
  };
}
