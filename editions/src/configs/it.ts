import type { EditionConfigInput } from '../edition-config-schema.ts';
import { itClientEdition } from './it-client.ts';
import { legacyRedirects } from './legacy-redirects.ts';
import { sharedRoutes } from './shared-routes.ts';

const buyShopLink = 'https://shop.tradein.it';

const routes = {
  home: '/',
  productOverview: '/prodotti/panoramica-{overview}',
  productDetail: '/prodotti/{pdp}',
  sellCategory: '/catalogo/{category}',
  contact: '/contatti',
  checkout: '/guardare',
  thankYou: '/grazie',
  ...sharedRoutes,
} as const;

/** Italy: its own checkout and thank-you paths (§2). */
export const itEdition = {
  ...itClientEdition,
  domain: 'www.tradein.it',
  buyShopLink,
  sellShopUrl: 'https://www.tradein.it',
  landingPages: { consumer: 'TI_IT_CONSUMER', b2b: null, agan: null },
  contact: {
    fromAddress: 'noreply@tradein.it',
    fromName: 'tradein Italia',
    toAddress: 'assistenza@tradein.it',
  },
  dynamicYield: { enabled: false, siteId: '8769435' },
  ekomi: {
    showReviewSeal: false,
    showReviewSlider: false,
    sealScriptUrl: 'https://connect.ekomi.de/widget/seal/tradein-it.js',
    sliderScriptUrl: 'https://connect.ekomi.de/widget/slider/tradein-it.js',
  },
  hasSocialMediaButtons: true,
  socialMediaButtons: [
    { network: 'facebook', url: 'https://www.facebook.com/tradein.it' },
    { network: 'instagram', url: 'https://www.instagram.com/tradein.it' },
  ],
  hosts: [
    { host: 'www.tradein.it', shopMode: 'default', environment: 'production' },
    { host: 'tradein.it', shopMode: 'default', environment: 'production' },
    { host: 'test.tradein.it', shopMode: 'default', environment: 'test' },
    { host: 'stage.tradein.it', shopMode: 'default', environment: 'stage' },
    { host: 'it.localhost', shopMode: 'default', environment: 'local' },
  ],
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
