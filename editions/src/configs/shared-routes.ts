import type { RouteName } from '../route-names.ts';
import { contentRoute } from './content-route.ts';
import { germanSellFlowRoutes } from './sell-flow-routes.ts';

/** Route patterns keyed by route name, as an edition configuration declares them. */
export type RouteTable = Partial<Record<RouteName, string>>;

/** Routes with the same path in every edition (§2). */
export const sharedRoutes = {
  content: contentRoute,
  account: '/account',
  accountRegister: '/account/register',
  accountManagement: '/account/management',
  accountPasswordReset: '/account/password-reset',
  accountPasswordForgot: '/account/password-forgot',
  accountPaymentChange: '/account/payment-change',
  accountAddressChange: '/account/address-change',
  // Not in §2: the link in a guest's trade mail that claims the trade for the customer account.
  accountConfirmTrade: '/account/confirm-trade',
  // Not in §2: the status of one trade by the signed link of its mails (`?token=`), no login.
  tradeStatus: '/trade/status',
  newsletterEnrich: '/newsletter/enrich',
  newsletterEnrichHash: '/newsletter/enrich/{emailHash}',
  newsletterUnsubscribeSuccess: '/newsletter/unsubscribe/success',
  newsletterUnsubscribe: '/newsletter/unsubscribe/{emailHash}',
  clarification: '/clarification/{id}/{trade}',
  clarificationQuickAnswer: '/clarificationQuickAnswer/{id}/{trade}/{offerid}',
  clarificationLegacy: '/browser/clarification/id/{id}/trade/{trade}',
  clarificationQuickAnswerLegacy:
    '/browser/clarificationQuickAnswer/id/{id}/trade/{trade}/offerid/{offerid}',
  basePasswordReset: '/account/password/reset',
  basePasswordForgot: '/account/password/forgot',
  basePaymentChange: '/account/paymentChange',
  baseAddressChange: '/account/addressChange',
} as const satisfies RouteTable;

/** The localized screens of the German-speaking editions, shared by de and at (§2). */
export const germanRoutes = {
  ...germanSellFlowRoutes,
  productOverview: '/produkte/uebersicht-{overview}',
  contact: '/kontakt',
  ...sharedRoutes,
} as const satisfies RouteTable;
