import { defaultPaymentType, payPalPaymentMethod } from './constants.ts';
import type { EditionCode } from './edition-code.ts';
import type { EditionConfig } from './edition-config-schema.ts';

/**
 * Fields of an edition configuration that a browser needs: locale, postal, address, date and money
 * rules, feature flags, payment types, search index names and the tracking application id. Everything
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
  | 'streetForm'
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

/** What every edition's browser part shares, and the names derived from the edition code. */
type SharedClientField = 'code' | 'application' | 'paymentTypes' | 'selectedPaymentType' | 'search';

/**
 * The browser part of one edition from what sets it apart: every edition pays by SEPA (the
 * default payment type) or PayPal, tracks as `tradein-{code}` and searches its own indexes.
 */
export function clientEdition(
  code: EditionCode,
  fields: Omit<ClientEditionConfig, SharedClientField>,
): ClientEditionConfig {
  return {
    code,
    application: `tradein-${code}`,
    ...fields,
    paymentTypes: { DirectDebitSwift: defaultPaymentType, Paypal: payPalPaymentMethod },
    selectedPaymentType: defaultPaymentType,
    search: {
      manufacturerAggregationIndex: `manufacturer_aggregation_${code}`,
      devicesIndex: `devices_${code}`,
    },
  };
}
