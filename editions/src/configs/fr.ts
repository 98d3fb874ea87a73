import type { EditionConfigInput } from '../edition-config-schema.ts';
import { frClientEdition } from './fr-client.ts';
import { frLegacyRedirects } from './fr-legacy-redirects.ts';
import { legacyRedirects } from './legacy-redirects.ts';
import { sharedRoutes } from './shared-routes.ts';

const buyShopLink = 'https://shop.tradein.fr';

const routes = {
  home: '/',
  productOverview: '/produits/apercu-{overview}',
  productDetail: '/produits/{pdp}',
  sellCategory: '/catalogue/{category}',
  contact: '/contact',
  checkout: '/checkout',
  thankYou: '/thankYou',
  ...sharedRoutes,
} as const;

/** France, with the long list of legacy catalogue and product redirects. */
export const frEdition = {
  ...frClientEdition,
  domain: 'www.tradein.fr',
  buyShopLink,
  sellShopUrl: 'https://www.tradein.fr',
  landingPages: { consumer: 'TI_FR_CONSUMER', b2b: null, agan: null },
  contact: {
    fromAddress: 'noreply@tradein.fr',
    fromName: 'tradein France',
    toAddress: 'service@tradein.fr',
  },
  dynamicYield: { enabled: true, siteId: '8769434' },
  ekomi: {
    showReviewSeal: true,
    showReviewSlider: true,
    sealScriptUrl: 'https://connect.ekomi.de/widget/seal/tradein-fr.js',
    sliderScriptUrl: 'https://connect.ekomi.de/widget/slider/tradein-fr.js',
  },
  hasSocialMediaButtons: true,
  socialMediaButtons: [
    { network: 'facebook', url: 'https://www.facebook.com/tradein.fr' },
    { network: 'instagram', url: 'https://www.instagram.com/tradein.fr' },
  ],
  hosts: [
    { host: 'www.tradein.fr', shopMode: 'default', environment: 'production' },
    { host: 'tradein.fr', shopMode: 'default', environment: 'production' },
    { host: 'test.tradein.fr', shopMode: 'default', environment: 'test' },
    { host: 'stage.tradein.fr', shopMode: 'default', environment: 'stage' },
    { host: 'fr.localhost', shopMode: 'default', environment: 'local' },
  ],
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
