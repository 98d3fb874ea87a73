import type { EditionConfig } from './edition-config-schema.ts';

/**
 * Fields of an edition configuration that a browser needs: locale, postal, date and money rules,
 * feature flags, payment types, search index names, the tracking application id, the help
 * widget and the footer shipping logo. Everything else (hosts, redirects, routes, domains, mail
 * addresses, ekomi, Dynamic Yield, landing pages, social media) stays on the server.
 */
export type ClientEditionField =
  | 'code'
  | 'application'
  | 'language'
  | 'icuLocale'
  | 'timeZone'
  | 'dateFormat'
  | 'zipFormatRegExp'
  | 'hasB2B'
  | 'hasNewsletter'
  | 'hasConditionsVideo'
  | 'hasHomeBanner'
  | 'popTitleException'
  | 'paymentTypes'
  | 'selectedPaymentType'
  | 'search'
  | 'helpWidget'
  | 'footerShippingLogo';

/**
 * The browser part of an edition configuration. Typed by the schema's output type only, so the
 * browser never loads the schema; `editions.test.ts` proves it equals the validated fields.
 */
export type ClientEditionConfig = Pick<EditionConfig, ClientEditionField>;
