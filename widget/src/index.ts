export { chooseWidgetLanguage, widgetLanguages } from './i18n/widget-language.ts';
export type { WidgetLanguage } from './i18n/widget-language.ts';
export { parseWidgetAttributes, validEditionOf } from './element/widget-attributes.ts';
export type {
  RawWidgetAttributes,
  WidgetAttributeName,
  WidgetAttributesResult,
  WidgetConfig,
  WidgetProblem,
  WidgetProblemReason,
} from './element/widget-attributes.ts';
export { widgetTagName } from './element/widget-events.ts';
export type {
  TradeinEventMap,
  TradeinReadyDetail,
  TradeinWidgetElement,
} from './element/widget-events.ts';
