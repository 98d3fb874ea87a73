import type { EditionCode, ShopMode } from '@tradein/editions/client';
import type { FlowStep } from './flow.ts';

/** Name of the custom element. */
export const widgetTagName = 'tradein-widget';

/** Detail of `tradein:ready`: the element is configured and its first screen is on view. */
export interface TradeinReadyDetail {
  edition: EditionCode;
  mode: ShopMode;
}

/** Detail of `tradein:navigate`: the step the seller moved to, for hosts that route or track. */
export interface TradeinNavigateDetail {
  step: FlowStep;
  /** The shop page of that step in the edition (§2), e.g. `/produkte/apple-iphone-13`. */
  path: string;
}

/** Detail of `tradein:offer`: an offer was created after the last condition question. */
export interface TradeinOfferDetail {
  offerId: string;
  deviceId: number;
  priceCents: number;
  currency: 'EUR';
  /** ISO date-time until which the offer holds. */
  validUntil: string;
}

/** Detail of `tradein:add-to-cart`: an offer was put in the cart. */
export interface TradeinAddToCartDetail {
  offerId: string;
  deviceId: number;
  priceCents: number;
  currency: 'EUR';
  quantity: number;
}

/** Detail of `tradein:trade-created`: the checkout succeeded; the trade number as on the label. */
export interface TradeinTradeCreatedDetail {
  tradeNumber: string;
}

/** Every event `<tradein-widget>` dispatches; all bubble and cross shadow boundaries. */
export interface TradeinEventMap {
  'tradein:ready': CustomEvent<TradeinReadyDetail>;
  'tradein:trade-created': CustomEvent<TradeinTradeCreatedDetail>;
  'tradein:navigate': CustomEvent<TradeinNavigateDetail>;
  'tradein:offer': CustomEvent<TradeinOfferDetail>;
  'tradein:add-to-cart': CustomEvent<TradeinAddToCartDetail>;
}

/** Dispatches a `tradein:*` event from the host element, bubbling and composed. */
export function dispatchWidgetEvent<Name extends keyof TradeinEventMap>(
  host: Element,
  name: Name,
  detail: TradeinEventMap[Name]['detail'],
): void {
  host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

/** The element as a host page sees it: its attributes as properties, typed events. */
export interface TradeinWidgetElement extends HTMLElement {
  edition: string | undefined;
  mode: string | undefined;
  apiBase: string | undefined;
  category: string | undefined;
  device: string | undefined;
  partner: string | undefined;
  step: string | undefined;
  trackingConsent: string | undefined;
  /** The step to show, as `tradein:navigate` gave it (`detail.step`); checked before use. */
  flowStep: unknown;
  addEventListener<K extends keyof TradeinEventMap>(
    type: K,
    listener: (this: TradeinWidgetElement, event: TradeinEventMap[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: TradeinWidgetElement, event: HTMLElementEventMap[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof TradeinEventMap>(
    type: K,
    listener: (this: TradeinWidgetElement, event: TradeinEventMap[K]) => void,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: TradeinWidgetElement, event: HTMLElementEventMap[K]) => void,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'tradein-widget': TradeinWidgetElement;
  }
}
