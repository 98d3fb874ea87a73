import type { EditionConfigInput } from '../edition-config-schema.ts';
import { itClientEdition } from './it-client.ts';
import { legacyRedirects } from './legacy-redirects.ts';
import { italianSellFlowRoutes } from './sell-flow-routes.ts';
import { sharedRoutes } from './shared-routes.ts';
import {
  consumerHosts,
  ekomiWidgets,
  helpServiceProvider,
  serviceDetails,
} from './edition-parts.ts';

const buyShopLink = 'https://shop.tradein.it';

const routes = {
  ...italianSellFlowRoutes,
  productOverview: '/prodotti/panoramica-{overview}',
  contact: '/contatti',
  ...sharedRoutes,
} as const;

/** Italy: its own checkout and thank-you paths (§2). */
export const itEdition = {
  ...itClientEdition,
  helpWidget: {
    enabled: false,
    scriptUrl: 'https://help.tradein.it/widget/loader.js',
    account: 'tradein',
    chatApiKey: 'pk_chat_it_4f7b08e2a6c91d53',
    ticketApiKey: 'pk_ticket_it_7d1a95c3e0f64b28',
    provider: helpServiceProvider('it'),
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
  domain: 'www.tradein.it',
  buyShopLink,
  sellShopUrl: 'https://www.tradein.it',
  landingPages: { consumer: 'TI_IT_CONSUMER', b2b: null, agan: null },
  ...serviceDetails({
    code: 'it',
    fromName: 'tradein Italia',
    address: 'assistenza@tradein.it',
    phone: '+390200000000',
  }),
  dynamicYield: { enabled: false, siteId: '8769435' },
  ekomi: ekomiWidgets('it', { seal: false, slider: false }),
  hasSocialMediaButtons: true,
  socialMediaButtons: [
    { network: 'facebook', url: 'https://www.facebook.com/tradein.it' },
    { network: 'instagram', url: 'https://www.instagram.com/tradein.it' },
  ],
  hosts: consumerHosts('it'),
  redirects: [
    ...legacyRedirects({
      languagePrefix: '/it',
      contact: routes.contact,
      checkout: routes.checkout,
    }),
    // Links and bookmarks written with the checkout path of the other editions.
    { from: '/checkout', to: routes.checkout, status: 301 },
    { from: '/acquista', to: buyShopLink, status: 302 },
  ],
  routes,
} satisfies EditionConfigInput;
