/**
 * Business constants and interface defaults of the specification (§9) and the design card.
 * Every part of the shop reads them from here so that a change happens in one place.
 */

/** Currency of every amount in every edition. */
export const currency = 'EUR';

/** Largest value of one B2B trade, in euros (§9 b2bTradeCap). */
export const b2bTradeCapEur = 5000;

/** Largest value of one B2B trade, in cents: amounts are integer cents inside the shop. */
export const b2bTradeCapCents = b2bTradeCapEur * 100;

/** Payment type preselected at checkout (§9); it is the SEPA direct debit type. */
export const defaultPaymentType = 13;

/** Payment method id that means PayPal; any other id means SEPA (§9). */
export const payPalPaymentMethod = 2;

/** Tax charged on a trade, in cents (§9: always 0). */
export const taxAmount = 0;

/** Shipping charged on a trade, in cents (§9: always 0; the customer ships for free). */
export const shippingAmount = 0;

/** Number of contact subjects every edition offers in its contact form (§9). */
export const contactSubjectCount = 10;

/** Lifetime of the locale cookie, in days. */
export const localeCookieDays = 365;

/** Lifetime of the tracking client id cookie, in seconds; renewed on every read. */
export const clientIdCookieSeconds = 31_536_000;

/** Lifetime of the copied personalization cookie, in days. */
export const personalizationCookieDays = 365;

/** Delay before the consent state is checked, in milliseconds. */
export const consentCheckDelayMs = 1000;

/** Delay before prerendered page payloads are prefetched, in milliseconds. */
export const payloadPrefetchDelayMs = 1000;

/** Window in which a failed chunk load reloads a path at most once, in milliseconds. */
export const reloadGuardMs = 10_000;

/** Query parameters that mark a marketing touchpoint (§9), in the order the spec lists them. */
export const touchpointParameters = [
  'gclid',
  'msclkid',
  'fbclid',
  'dyntr',
  'ctb',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_id',
  'belboon',
  'awc',
] as const;

/** Time between two slides of a carousel, in milliseconds. */
export const carouselIntervalMs = 5000;

/** Time a toast stays visible, in milliseconds. */
export const toastDelayMs = 5000;

/** Horizontal distance a touch must travel to count as a swipe, in CSS pixels. */
export const swipeThresholdPx = 40;

/** Days an offer stays valid; it is also the cart expiry (design card). */
export const offerValidityDays = 14;
