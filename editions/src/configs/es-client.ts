import type { ClientEditionConfig } from '../client-edition-config.ts';

/** Spain: the part of the configuration a browser needs; `es.ts` adds the server part. */
export const esClientEdition: ClientEditionConfig = {
  code: 'es',
  application: 'tradein-es',
  language: 'es',
  icuLocale: 'es-ES',
  timeZone: 'Europe/Madrid',
  dateFormat: 'dd/MM/yy',
  zipFormatRegExp: '^[0-9]{5}$',
  hasB2B: false,
  hasNewsletter: true,
  hasConditionsVideo: false,
  hasHomeBanner: false,
  popTitleException: { iphone: 'Vender Apple iPhone', ipad: 'Vender Apple iPad' },
  paymentTypes: { DirectDebitSwift: 13, Paypal: 2 },
  selectedPaymentType: 13,
  search: {
    manufacturerAggregationIndex: 'manufacturer_aggregation_es',
    devicesIndex: 'devices_es',
  },
  helpWidget: {
    account: 'tradein',
    chatApiKey: 'pk_chat_es_1d6b73e09f2c5a48',
    ticketApiKey: 'pk_ticket_es_6e0c2f8b5a1d9374',
    contactSubjects: [
      { key: 'deviceSearch', label: 'No encuentro mi dispositivo' },
      { key: 'offerPrice', label: 'Precio de compra y oferta' },
      { key: 'shippingLabel', label: 'Etiqueta de envío y envío' },
      { key: 'tradeStatus', label: 'Estado de mi venta' },
      { key: 'payout', label: 'Pago' },
      { key: 'clarification', label: 'Consulta sobre mi dispositivo' },
      { key: 'returnDevice', label: 'Devolución de mi dispositivo' },
      { key: 'account', label: 'Cuenta de cliente' },
      { key: 'dataErasure', label: 'Borrado de datos' },
      { key: 'other', label: 'Otros' },
    ],
  },
  footerShippingLogo: {
    carrier: 'SEUR',
    imagePath: '/images/shipping/seur.svg',
    alt: 'Envío gratuito con SEUR',
  },
};
