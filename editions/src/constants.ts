/**
 * Business constants and interface defaults of the specification (§9) and the design card.
 * Every part of the shop reads them from here so that a change happens in one place.
 */

/** Currency of every amount in every edition. */
export const currency = 'EUR';

/** Largest value of one B2B trade (§9 b2bTradeCap: 5,000 euros), in cents as every amount. */
export const b2bTradeCapCents = 5000 * 100;

/** Payment type preselected at checkout (§9); it is the SEPA direct debit type. */
export const defaultPaymentType = 13;

/** Payment method id that means PayPal; any other id means SEPA (§9). */
export const payPalPaymentMethod = 2;

/** Number of contact subjects every edition offers in its contact form (§9). */
export const contactSubjectCount = 10;

/** Lifetime of the tracking client id cookie, in seconds; renewed on every read. */
export const clientIdCookieSeconds = 31_536_000;

/** Delay before the consent state is checked, in milliseconds. */
export const consentCheckDelayMs = 1000;

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

/** Days an offer stays valid; it is also the cart expiry (design card). */
export const offerValidityDays = 14;

/**
 * The money of a trade arrives within this many business days (Monday to Friday) after the trade
 * is accepted (docs/trades.md, "Payout promise").
 */
export const payoutBusinessDays = 5;
