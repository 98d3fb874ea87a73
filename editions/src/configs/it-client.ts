import type { ClientEditionConfig } from '../client-edition-config.ts';

/** Italy: the part of the configuration a browser needs; `it.ts` adds the server part. */
export const itClientEdition: ClientEditionConfig = {
  code: 'it',
  application: 'tradein-it',
  language: 'it',
  icuLocale: 'it-IT',
  timeZone: 'Europe/Rome',
  dateFormat: 'dd/MM/yy',
  zipFormatRegExp: '^[0-9]{5}$',
  hasB2B: false,
  hasNewsletter: true,
  hasConditionsVideo: false,
  hasHomeBanner: false,
  popTitleException: { iphone: 'Vendere Apple iPhone', ipad: 'Vendere Apple iPad' },
  paymentTypes: { DirectDebitSwift: 13, Paypal: 2 },
  selectedPaymentType: 13,
  search: {
    manufacturerAggregationIndex: 'manufacturer_aggregation_it',
    devicesIndex: 'devices_it',
  },
  helpWidget: {
    account: 'tradein',
    chatApiKey: 'pk_chat_it_4f7b08e2a6c91d53',
    ticketApiKey: 'pk_ticket_it_7d1a95c3e0f64b28',
    contactSubjects: [
      { key: 'deviceSearch', label: 'Non trovo il mio dispositivo' },
      { key: 'offerPrice', label: 'Prezzo di acquisto e offerta' },
      { key: 'shippingLabel', label: 'Etichetta di spedizione e invio' },
      { key: 'tradeStatus', label: 'Stato della mia vendita' },
      { key: 'payout', label: 'Pagamento' },
      { key: 'clarification', label: 'Domanda sul mio dispositivo' },
      { key: 'returnDevice', label: 'Restituzione del mio dispositivo' },
      { key: 'account', label: 'Account cliente' },
      { key: 'dataErasure', label: 'Cancellazione dei dati' },
      { key: 'other', label: 'Altro' },
    ],
  },
  footerShippingLogo: {
    carrier: 'BRT',
    imagePath: '/images/shipping/brt.svg',
    alt: 'Spedizione gratuita con BRT',
  },
};
