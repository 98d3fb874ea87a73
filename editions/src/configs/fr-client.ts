import type { ClientEditionConfig } from '../client-edition-config.ts';

/** France: the part of the configuration a browser needs; `fr.ts` adds the server part. */
export const frClientEdition: ClientEditionConfig = {
  code: 'fr',
  application: 'tradein-fr',
  language: 'fr',
  icuLocale: 'fr-FR',
  timeZone: 'Europe/Paris',
  dateFormat: 'dd/MM/yy',
  zipFormatRegExp: '^(?:0[1-9]|[1-8][0-9]|9[0-8])[0-9]{3}$',
  hasB2B: false,
  hasNewsletter: true,
  hasConditionsVideo: false,
  hasHomeBanner: true,
  popTitleException: { iphone: 'Vendre un Apple iPhone', ipad: 'Vendre un Apple iPad' },
  paymentTypes: { DirectDebitSwift: 13, Paypal: 2 },
  selectedPaymentType: 13,
  search: {
    manufacturerAggregationIndex: 'manufacturer_aggregation_fr',
    devicesIndex: 'devices_fr',
  },
};
