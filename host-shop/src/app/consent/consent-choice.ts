/**
 * The optional purposes a visitor may allow, besides what the shop needs to work (docs/decisions.md,
 * "Consent and tracking in the shop"):
 * - `statistics`: statistics and marketing: the client id and the controlling events (landing
 *   touchpoints, offers, trades), in the shop and in `<tradein-widget>`, and the eKomi review
 *   widgets, which eKomi serves and counts;
 * - `personalization`: Dynamic Yield (content chosen from earlier visits) with its visitor id kept
 *   in a first-party copy, and the locale cookie.
 */
export const consentCategories = ['statistics', 'personalization'] as const;

/** One optional purpose of {@link consentCategories}. */
export type ConsentCategory = (typeof consentCategories)[number];

/** The visitor's answer: allowed or not, per purpose. */
export type ConsentChoice = Readonly<Record<ConsentCategory, boolean>>;

/** First-party cookie that keeps the answer given in our banner for a year. */
export const consentCookieName = 'tradein_consent';

/** How long the answer, the locale cookie and the personalization copy are kept (§9: 365 days). */
export const consentCookieSeconds = 365 * 24 * 60 * 60;

/** Cookie that names the page's language for a year once personalization is allowed (§9). */
export const localeCookieName = 'tradein_locale';

/**
 * Dynamic Yield's visitor id: its script writes `_dyid`, which some browsers delete after seven
 * days when a script wrote it; the copy `_dyid_server`, which Dynamic Yield reads in its place,
 * is written for 365 days (§9: "personalization cookie copied for 365 days").
 */
export const personalizationCookie = { source: '_dyid', copy: '_dyid_server' } as const;

/**
 * IAB TCF v2 purposes each category needs from an external consent manager: 1 (store or read
 * information on the device) with 7, 8 and 9 (measure ad and content performance, audience
 * research) for statistics, and with 5 and 6 (personalized content profile and selection) for
 * personalization.
 */
export const tcfPurposes: Readonly<Record<ConsentCategory, readonly number[]>> = {
  statistics: [1, 7, 8, 9],
  personalization: [1, 5, 6],
};

/** The document event that announces every answer (`detail`: the {@link ConsentChoice}). */
export const consentEventName = 'tradein:consent';

/** The document event that asks for the current answer to be announced again. */
export const consentRequestEventName = 'tradein:consent-request';
