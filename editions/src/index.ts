export type { ClientEditionConfig, ClientEditionField } from './client-edition-config.ts';
export {
  b2bTradeCapCents,
  b2bTradeCapEur,
  carouselIntervalMs,
  clientIdCookieSeconds,
  consentCheckDelayMs,
  contactSubjectCount,
  currency,
  defaultPaymentType,
  localeCookieDays,
  offerValidityDays,
  payloadPrefetchDelayMs,
  payPalPaymentMethod,
  personalizationCookieDays,
  reloadGuardMs,
  shippingAmount,
  swipeThresholdPx,
  taxAmount,
  toastDelayMs,
  touchpointParameters,
} from './constants.ts';
export { formatDate } from './date-format.ts';
export { editionCodes, editionCodeSchema } from './edition-code.ts';
export type { EditionCode } from './edition-code.ts';
export { editionConfigSchema, loadEditionConfig } from './edition-config-schema.ts';
export type { EditionConfig, EditionConfigInput } from './edition-config-schema.ts';
export { getEdition } from './editions.ts';
export { resolveHost } from './host-rules.ts';
export type { HostResolution } from './host-rules.ts';
export { formatMoney } from './money-format.ts';
export { isValidPostalCode } from './postal-code.ts';
export { resolveRedirect } from './redirects.ts';
export type { Redirect } from './redirects.ts';
export { routeNames, routeNameSchema } from './route-names.ts';
export type { RouteName } from './route-names.ts';
export { buildPath, matchRoute } from './routes.ts';
export type { RouteMatch, RouteParams } from './routes.ts';
export {
  environments,
  environmentSchema,
  isB2BMode,
  shopModes,
  shopModeSchema,
} from './shop-mode.ts';
export type { Environment, ShopMode } from './shop-mode.ts';
