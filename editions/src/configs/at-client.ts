import type { ClientEditionConfig } from '../client-edition-config.ts';
import { germanContactSubjects } from './german-contact-subjects.ts';

/** Austria: the part of the configuration a browser needs; `at.ts` adds the server part. */
export const atClientEdition: ClientEditionConfig = {
  code: 'at',
  application: 'tradein-at',
  language: 'de',
  icuLocale: 'de-AT',
  timeZone: 'Europe/Vienna',
  dateFormat: 'dd.MM.yy',
  zipFormatRegExp: '^[0-9]{4}$',
  hasB2B: false,
  hasNewsletter: true,
  hasConditionsVideo: true,
  hasHomeBanner: true,
  popTitleException: { iphone: 'Apple iPhone verkaufen', ipad: 'Apple iPad verkaufen' },
  paymentTypes: { DirectDebitSwift: 13, Paypal: 2 },
  selectedPaymentType: 13,
  search: {
    manufacturerAggregationIndex: 'manufacturer_aggregation_at',
    devicesIndex: 'devices_at',
  },
  helpWidget: {
    account: 'tradein',
    chatApiKey: 'pk_chat_at_8c3e50b1f94a2d77',
    ticketApiKey: 'pk_ticket_at_3a9f16d02e8b4c51',
    contactSubjects: germanContactSubjects,
  },
  footerShippingLogo: {
    carrier: 'Österreichische Post',
    imagePath: '/images/shipping/post-at.svg',
    alt: 'Kostenloser Versand mit der Österreichischen Post',
  },
};
