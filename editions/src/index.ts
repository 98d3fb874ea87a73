export {
  b2bTradeCapCents,
  offerValidityDays,
  payoutBusinessDays,
  payPalPaymentMethod,
} from './constants.ts';
export { editionCodes, editionCodeSchema } from './edition-code.ts';
export type { EditionCode } from './edition-code.ts';
export { getEdition } from './editions.ts';
export { resolveHost } from './host-rules.ts';
export {
  legalDetailsByEdition,
  parseLegalDetailsFile,
  placeholderProblems,
} from './legal-details.ts';
export type { LegalDetails } from './legal-details.ts';
export { weekdays } from './legal-details-schema.ts';
export type { OpeningHours, Weekday } from './legal-details-schema.ts';
export { formatMoney } from './money-format.ts';
export { calendarDay, daysBetween, payoutDueDayOf, shiftDay } from './payout-day.ts';
export { resolveRedirect } from './redirects.ts';
export { buildPath, matchRoute } from './routes.ts';
export type { RouteMatch } from './routes.ts';
export type { RouteName } from './route-names.ts';
export { isB2BMode } from './shop-mode.ts';
export { thirdPartyTools } from './third-party-tools.ts';
export type { ThirdPartyTool } from './third-party-tools.ts';
export type { Environment, ShopMode } from './shop-mode.ts';
export { deriveShopOrigins, shopOriginOf } from './shop-origins.ts';
export type { ShopOriginTable } from './shop-origins.ts';
