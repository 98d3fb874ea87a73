import * as z from 'zod/mini';

/**
 * Every route of §2, in matching order: where two patterns can match the same path, the more
 * specific one comes first (the product overview before the product detail, the unsubscribe
 * success page before the unsubscribe link with a hash).
 */
export const routeNames = [
  'home',
  'productOverview',
  'productDetail',
  'sellCategory',
  'contact',
  'checkout',
  'thankYou',
  'content',
  'account',
  'accountRegister',
  'accountManagement',
  'accountPasswordReset',
  'accountPasswordForgot',
  'accountPaymentChange',
  'accountAddressChange',
  'accountConfirmTrade',
  'tradeStatus',
  'newsletterEnrich',
  'newsletterEnrichHash',
  'newsletterUnsubscribeSuccess',
  'newsletterUnsubscribe',
  'clarification',
  'clarificationQuickAnswer',
  'clarificationLegacy',
  'clarificationQuickAnswerLegacy',
  'basePasswordReset',
  'basePasswordForgot',
  'basePaymentChange',
  'baseAddressChange',
  'b2bLandingpage',
  'b2bAnkaufsportal',
] as const;

/** Validates a route name. */
export const routeNameSchema = z.enum(routeNames);

/** Name of one route of §2. */
export type RouteName = z.infer<typeof routeNameSchema>;

/** Routes that exist only in an edition with B2B (§2: Germany only). */
export const b2bRouteNames: readonly RouteName[] = ['b2bLandingpage', 'b2bAnkaufsportal'];

/**
 * Parameters of each route. Every edition must use exactly these names, so that code building a
 * link does not depend on the edition.
 */
export const routeParameterNames: Readonly<Record<RouteName, readonly string[]>> = {
  home: [],
  productOverview: ['overview'],
  productDetail: ['pdp'],
  sellCategory: ['category'],
  contact: [],
  checkout: [],
  thankYou: [],
  content: ['slug'],
  account: [],
  accountRegister: [],
  accountManagement: [],
  accountPasswordReset: [],
  accountPasswordForgot: [],
  accountPaymentChange: [],
  accountAddressChange: [],
  accountConfirmTrade: [],
  tradeStatus: [],
  newsletterEnrich: [],
  newsletterEnrichHash: ['emailHash'],
  newsletterUnsubscribeSuccess: [],
  newsletterUnsubscribe: ['emailHash'],
  clarification: ['id', 'trade'],
  clarificationQuickAnswer: ['id', 'trade', 'offerid'],
  clarificationLegacy: ['id', 'trade'],
  clarificationQuickAnswerLegacy: ['id', 'trade', 'offerid'],
  basePasswordReset: [],
  basePasswordForgot: [],
  basePaymentChange: [],
  baseAddressChange: [],
  b2bLandingpage: [],
  b2bAnkaufsportal: [],
};
