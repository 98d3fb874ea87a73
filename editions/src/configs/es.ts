import type { EditionConfigInput } from '../edition-config-schema.ts';
import { esClientEdition } from './es-client.ts';
import { legacyRedirects } from './legacy-redirects.ts';
import { spanishSellFlowRoutes } from './sell-flow-routes.ts';
import { sharedRoutes } from './shared-routes.ts';
import {
  consumerHosts,
  ekomiWidgets,
  helpServiceProvider,
  serviceDetails,
} from './edition-parts.ts';

const buyShopLink = 'https://shop.tradein.es';

const routes = {
  ...spanishSellFlowRoutes,
  productOverview: '/productos/todos-los-articulos-{overview}',
  contact: '/contacto',
  ...sharedRoutes,
} as const;

/** Spain. */
export const esEdition = {
  ...esClientEdition,
  helpWidget: {
    enabled: false,
    scriptUrl: 'https://help.tradein.es/widget/loader.js',
    account: 'tradein',
    chatApiKey: 'pk_chat_es_1d6b73e09f2c5a48',
    ticketApiKey: 'pk_ticket_es_6e0c2f8b5a1d9374',
    provider: helpServiceProvider('es'),
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
  domain: 'www.tradein.es',
  buyShopLink,
  sellShopUrl: 'https://www.tradein.es',
  landingPages: { consumer: 'TI_ES_CONSUMER', b2b: null, agan: null },
  ...serviceDetails({
    code: 'es',
    fromName: 'tradein España',
    address: 'atencion@tradein.es',
    phone: '+34910000000',
  }),
  dynamicYield: { enabled: false, siteId: '8769433' },
  ekomi: ekomiWidgets('es', { seal: false, slider: false }),
  hasSocialMediaButtons: false,
  socialMediaButtons: [],
  hosts: consumerHosts('es'),
  redirects: [
    ...legacyRedirects({
      languagePrefix: '/es',
      contact: routes.contact,
      checkout: routes.checkout,
    }),
    { from: '/comprar', to: buyShopLink, status: 302 },
  ],
  routes,
} satisfies EditionConfigInput;
