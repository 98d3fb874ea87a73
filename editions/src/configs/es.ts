import type { EditionConfigInput } from '../edition-config-schema.ts';
import { esClientEdition } from './es-client.ts';
import { legacyRedirects } from './legacy-redirects.ts';
import { sharedRoutes } from './shared-routes.ts';

const buyShopLink = 'https://shop.tradein.es';

const routes = {
  home: '/',
  productOverview: '/productos/todos-los-articulos-{overview}',
  productDetail: '/productos/{pdp}',
  sellCategory: '/vender/{category}',
  contact: '/contacto',
  checkout: '/checkout',
  thankYou: '/thankYou',
  ...sharedRoutes,
} as const;

/** Spain. */
export const esEdition = {
  ...esClientEdition,
  domain: 'www.tradein.es',
  buyShopLink,
  sellShopUrl: 'https://www.tradein.es',
  landingPages: { consumer: 'TI_ES_CONSUMER', b2b: null, agan: null },
  contact: {
    fromAddress: 'noreply@tradein.es',
    fromName: 'tradein España',
    toAddress: 'atencion@tradein.es',
  },
  dynamicYield: { enabled: false, siteId: '8769433' },
  ekomi: {
    showReviewSeal: false,
    showReviewSlider: false,
    sealScriptUrl: 'https://connect.ekomi.de/widget/seal/tradein-es.js',
    sliderScriptUrl: 'https://connect.ekomi.de/widget/slider/tradein-es.js',
  },
  hasSocialMediaButtons: false,
  socialMediaButtons: [],
  hosts: [
    { host: 'www.tradein.es', shopMode: 'default', environment: 'production' },
    { host: 'tradein.es', shopMode: 'default', environment: 'production' },
    { host: 'test.tradein.es', shopMode: 'default', environment: 'test' },
    { host: 'stage.tradein.es', shopMode: 'default', environment: 'stage' },
    { host: 'es.localhost', shopMode: 'default', environment: 'local' },
  ],
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
