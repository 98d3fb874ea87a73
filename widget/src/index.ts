export { chooseWidgetLanguage, widgetLanguages } from './i18n/widget-language.ts';
export type { WidgetLanguage } from './i18n/widget-language.ts';
export {
  parseTrackingConsent,
  parseWidgetAttributes,
  trackingConsentValues,
  validEditionOf,
} from './element/widget-attributes.ts';
export type {
  RawWidgetAttributes,
  WidgetAttributeName,
  WidgetAttributesResult,
  WidgetConfig,
  WidgetProblem,
  WidgetProblemReason,
} from './element/widget-attributes.ts';
/** The visitor's answer to tracking, as `tracking-consent` passes it (`unknown` until then). */
export type { ConsentState } from '@tradein/client-core';
export { widgetTagName } from './shared/widget-events.ts';
export type {
  TradeinAddToCartDetail,
  TradeinEventMap,
  TradeinNavigateDetail,
  TradeinOfferDetail,
  TradeinReadyDetail,
  TradeinTradeCreatedDetail,
  TradeinWidgetElement,
} from './shared/widget-events.ts';
export type { FlowStep } from './shared/flow.ts';
