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
  helpWidget: {
    account: 'tradein',
    chatApiKey: 'pk_chat_fr_9a4d27f6c0b18e35',
    ticketApiKey: 'pk_ticket_fr_2c8e61a4d7f03b96',
    contactSubjects: [
      { key: 'deviceSearch', label: 'Je ne trouve pas mon appareil' },
      { key: 'offerPrice', label: 'Prix de rachat et offre' },
      { key: 'shippingLabel', label: 'Étiquette d’envoi et expédition' },
      { key: 'tradeStatus', label: 'Suivi de ma vente' },
      { key: 'payout', label: 'Paiement' },
      { key: 'clarification', label: 'Question sur mon appareil' },
      { key: 'returnDevice', label: 'Retour de mon appareil' },
      { key: 'account', label: 'Compte client' },
      { key: 'dataErasure', label: 'Effacement des données' },
      { key: 'other', label: 'Autre demande' },
    ],
  },
  footerShippingLogo: {
    carrier: 'Colissimo',
    imagePath: '/images/shipping/colissimo.svg',
    alt: 'Envoi gratuit avec Colissimo',
  },
};
