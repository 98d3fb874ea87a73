// Browser entry (`@tradein/editions/client`): what a client needs, without the server-only data
// (hosts, redirects, routes, mail addresses, ekomi, Dynamic Yield) and without the full
// configuration schema. The server and the host shop use the full entry (`index.ts`).
export { getClientEdition } from './client-editions.ts';
export {
  b2bTradeCapCents,
  clientIdCookieSeconds,
  consentCheckDelayMs,
  defaultPaymentType,
  offerValidityDays,
  payoutBusinessDays,
  payPalPaymentMethod,
  touchpointParameters,
} from './constants.ts';
export { contentPath } from './content-path.ts';
export { formatDate } from './date-format.ts';
export { editionCodes, editionCodeSchema } from './edition-code.ts';
export type { EditionCode } from './edition-code.ts';
export { formatMoney } from './money-format.ts';
export { calendarDay, daysBetween, middayOf, payoutDueDay } from './payout-day.ts';
export { isValidPostalCode } from './postal-code.ts';
export { sellFlowPath } from './sell-flow-path.ts';
export { isB2BMode, shopModes, shopModeSchema } from './shop-mode.ts';
export type { ShopMode } from './shop-mode.ts';
