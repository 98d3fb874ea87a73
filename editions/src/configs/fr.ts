import type { EditionConfigInput } from '../edition-config-schema.ts';
import { frClientEdition } from './fr-client.ts';
import { frLegacyRedirects } from './fr-legacy-redirects.ts';
import { legacyRedirects } from './legacy-redirects.ts';
import { frenchSellFlowRoutes } from './sell-flow-routes.ts';
import { sharedRoutes } from './shared-routes.ts';
import {
  consumerHosts,
  ekomiWidgets,
  helpServiceProvider,
  serviceDetails,
} from './edition-parts.ts';

const buyShopLink = 'https://shop.tradein.fr';

const routes = {
  ...frenchSellFlowRoutes,
  productOverview: '/produits/apercu-{overview}',
  contact: '/contact',
  ...sharedRoutes,
} as const;

/** France, with the long list of legacy catalogue and product redirects. */
export const frEdition = {
  ...frClientEdition,
  helpWidget: {
    enabled: true,
    scriptUrl: 'https://help.tradein.fr/widget/loader.js',
    account: 'tradein',
    chatApiKey: 'pk_chat_fr_9a4d27f6c0b18e35',
    ticketApiKey: 'pk_ticket_fr_2c8e61a4d7f03b96',
    provider: helpServiceProvider('fr'),
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
  domain: 'www.tradein.fr',
  buyShopLink,
  sellShopUrl: 'https://www.tradein.fr',
  landingPages: { consumer: 'TI_FR_CONSUMER', b2b: null, agan: null },
  ...serviceDetails({
    code: 'fr',
    fromName: 'tradein France',
    address: 'service@tradein.fr',
    phone: '+33100000000',
  }),
  dynamicYield: { enabled: true, siteId: '8769434' },
  ekomi: ekomiWidgets('fr', { seal: true, slider: true }),
  hasSocialMediaButtons: true,
  socialMediaButtons: [
    { network: 'facebook', url: 'https://www.facebook.com/tradein.fr' },
    { network: 'instagram', url: 'https://www.instagram.com/tradein.fr' },
  ],
  hosts: consumerHosts('fr'),
  redirects: [
    ...legacyRedirects({
      languagePrefix: '/fr',
      contact: routes.contact,
      checkout: routes.checkout,
    }),
    ...frLegacyRedirects,
    { from: '/acheter', to: buyShopLink, status: 302 },
  ],
  routes,
} satisfies EditionConfigInput;
