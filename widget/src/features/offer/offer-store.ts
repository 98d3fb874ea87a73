import type { ApiClient, CheckoutError, CheckoutResult, NewCartLine } from '@tradein/client-core';
import { $checkout, addToCart, initCheckout, replaceInCart } from '@tradein/client-core';
import { ApiHttpError, ApiRequestError } from '@tradein/client-core';
import {
  buildSearchRequest,
  getOfferEndpoint,
  searchEndpoint,
  type CartCondition,
  type Device,
  type Offer,
} from '@tradein/contract';
import { getClientEdition, type EditionCode, type ShopMode } from '@tradein/editions/client';
import { atom, type ReadableAtom } from 'nanostores';
import { deviceTitle } from '../../shared/device-summary.tsx';
import type { FlowStep } from '../../shared/flow.ts';
import type { EventTracker } from '../../shared/widget-services.tsx';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The device an offer is for, as the offer card and the cart line name it. */
export interface OfferDevice {
  /** Its name, undefined when neither the flow nor the catalogue told it. */
  readonly name: string | undefined;
  /** Its variant, e.g. `256 GB` (empty when the model has only one). */
  readonly variant: string | undefined;
  /** The offer's answers as the seller read them, in the order of the questions. */
  readonly conditions: readonly CartCondition[];
}

/** Loading the offer (and, beside it, its device's texts). */
export type OfferLoad =
  | { readonly status: 'loading' }
  | { readonly status: 'error' }
  | { readonly status: 'not-found' }
  | { readonly status: 'ready'; readonly offer: Offer; readonly device: OfferDevice };

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

/**
 * The offer's answers as texts: each question of the device with the answer chosen. Answers the
 * device no longer knows are left out (the catalogue may change while an offer is valid).
 */
function offerConditions(
  device: Pick<Device, 'questions'>,
  answers: Offer['answers'],
): CartCondition[] {
  return answers.flatMap(({ questionId, answerId }) => {
    const question = device.questions.find((entry) => entry.id === questionId);
    const answer = question?.answers.find((entry) => entry.id === answerId);
    return question === undefined || answer === undefined
      ? []
      : [{ question: question.question, answer: answer.text }];
  });
}

/** What the offer store needs from its element. */
export interface OfferStoreOptions {
  readonly api: Pick<ApiClient, 'call'>;
  readonly offerId: string;
  /** The element's edition: the device's texts come from its search index. */
  readonly edition: EditionCode;
  /** The device's url or id (the flow's `deviceUrl`): its questions name the answers. */
  readonly deviceUrl: string;
  /** The cart line this offer takes the place of: the seller changed its answers. */
  readonly replacesOfferId?: string | undefined;
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
   * Puts the offer in the cart (quantity 1, expiring with the offer), in the place of the line
   * it replaces when there is one. `fallbackName` names the line when neither the flow nor the
   * catalogue knows the device's name. Returns the added offer, or undefined when refused.
   */
  addToCart(fallbackName: string): Offer | undefined;
  /**
   * "Sell another device": keeps the offer in the cart, adding it (as {@link addToCart}) only
   * when it is not there yet. Returns the line's name, the cart's count and whether the offer
   * was added now, or undefined when the cart refused it.
   */
  keepInCart(fallbackName: string): { name: string; count: number; added: boolean } | undefined;
  /** Whether the line this offer replaces is in the cart (the answers are being changed). */
  replacesCartLine(): boolean;
  /**
   * The questions again with this offer's answers, the first question on view; the new offer
   * then takes the place of this one's cart line (or of the line this one would replace).
   */
  changeAnswersStep(): FlowStep | undefined;
}

function inCart(offerId: string | undefined): boolean {
  return offerId !== undefined && $checkout.get().cart.some((line) => line.offerId === offerId);
}

function cartCount(): number {
  return $checkout.get().cart.reduce((count, line) => count + line.quantity, 0);
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

  /** The device's texts; an offer shows without them when the search cannot find it. */
  async function loadDevice(): Promise<Device | undefined> {
    try {
      const result = await options.api.call(searchEndpoint, {
        body: buildSearchRequest(
          { kind: 'deviceByUrl', url: options.deviceUrl },
          getClientEdition(options.edition).search.devicesIndex,
          1,
        ),
      });
      return result.kind === 'deviceByUrl' ? result.hits[0] : undefined;
    } catch {
      return undefined;
    }
  }

  function lineOf(offer: Offer, device: OfferDevice, fallbackName: string): NewCartLine {
    return {
      deviceId: offer.deviceId,
      offerId: offer.offerId,
      // A name with its variant appended may pass the cart line's 200 characters.
      name: (device.name ?? fallbackName).slice(0, 200),
      price: offer.priceCents,
      quantity: 1,
      expiresAt: Date.parse(offer.validUntil),
      deviceUrl: options.deviceUrl,
      ...(device.variant === undefined ? {} : { variant: device.variant }),
      answers: offer.answers,
      conditions: device.conditions,
    };
  }

  /** Adds the loaded offer, in the replaced line's place when there is one; tracks it. */
  function add(fallbackName: string): Offer | undefined {
    const load = $load.get();
    if (load.status !== 'ready') return undefined;
    const { offer, device } = load;
    // The cart is page-wide; this element's mode decides whether the B2B cap applies to it.
    initCheckout({ shopMode: options.shopMode, now });
    const line = lineOf(offer, device, fallbackName);
    const replaced = options.replacesOfferId;
    // A replacement keeps the replaced line's quantity: the seller changed answers, not count.
    const { quantity: _one, ...replacement } = line;
    const result: CheckoutResult =
      replaced !== undefined && replaced !== offer.offerId && inCart(replaced)
        ? replaceInCart(replaced, replacement)
        : addToCart(line);
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
  }

  return {
    $load,
    $cart,
    async load() {
      $load.set({ status: 'loading' });
      const device = loadDevice();
      try {
        const offer = await options.api.call(getOfferEndpoint, {
          params: { offerId: options.offerId },
        });
        const found = await device;
        $load.set({
          status: 'ready',
          offer,
          device: {
            name: found === undefined ? options.deviceName : deviceTitle(found.name, found.variant),
            variant: found?.variant,
            conditions: found === undefined ? [] : offerConditions(found, offer.answers),
          },
        });
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
    addToCart: add,
    keepInCart(fallbackName) {
      const load = $load.get();
      if (load.status !== 'ready') return undefined;
      const name = load.device.name ?? fallbackName;
      if (inCart(load.offer.offerId)) return { name, count: cartCount(), added: false };
      if (add(fallbackName) === undefined) return undefined;
      return { name, count: cartCount(), added: true };
    },
    replacesCartLine() {
      const replaced = options.replacesOfferId;
      return replaced !== undefined && replaced !== options.offerId && inCart(replaced);
    },
    changeAnswersStep() {
      const offer = loadedOffer();
      if (offer === undefined) return undefined;
      const replaces = inCart(offer.offerId)
        ? offer.offerId
        : inCart(options.replacesOfferId)
          ? options.replacesOfferId
          : undefined;
      return {
        screen: 'questions',
        deviceUrl: options.deviceUrl,
        answers: offer.answers,
        question: 0,
        ...(replaces === undefined ? {} : { replacesOfferId: replaces }),
      };
    },
  };
}
