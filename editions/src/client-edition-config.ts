import type { EditionConfig } from './edition-config-schema.ts';

/**
 * Fields of an edition configuration that a browser needs: locale, postal, date and money rules,
 * feature flags, payment types, search index names and the tracking application id. Everything
 * else (hosts, redirects, routes, domains, mail addresses, ekomi, Dynamic Yield, landing pages,
 * social media, the help widget's keys and contact subjects, the footer shipping logo) stays on
 * the server, which renders the pages that show them; every byte here is in the widget.
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
  | 'search';

/**
 * The browser part of an edition configuration. Typed by the schema's output type only, so the
 * browser never loads the schema; `editions.test.ts` proves it equals the validated fields.
 */
export type ClientEditionConfig = Pick<EditionConfig, ClientEditionField>;
