import type { EditionConfigInput } from '../edition-config-schema.ts';
import { atClientEdition } from './at-client.ts';
import { germanContactSubjects } from './german-contact-subjects.ts';
import { legacyRedirects } from './legacy-redirects.ts';
import { germanRoutes } from './shared-routes.ts';
import {
  consumerHosts,
  ekomiWidgets,
  helpServiceProvider,
  serviceDetails,
} from './edition-parts.ts';

const buyShopLink = 'https://shop.tradein.at';

/** Austria: the German paths of §2, Austrian locale and time zone, no B2B. */
export const atEdition = {
  ...atClientEdition,
  helpWidget: {
    enabled: true,
    scriptUrl: 'https://help.tradein.at/widget/loader.js',
    account: 'tradein',
    chatApiKey: 'pk_chat_at_8c3e50b1f94a2d77',
    ticketApiKey: 'pk_ticket_at_3a9f16d02e8b4c51',
    provider: helpServiceProvider('at'),
    contactSubjects: germanContactSubjects,
  },
  footerShippingLogo: {
    carrier: 'Österreichische Post',
    imagePath: '/images/shipping/post-at.svg',
    alt: 'Kostenloser Versand mit der Österreichischen Post',
  },
  domain: 'www.tradein.at',
  buyShopLink,
  sellShopUrl: 'https://www.tradein.at',
  landingPages: { consumer: 'TI_AT_CONSUMER', b2b: null, agan: null },
  ...serviceDetails({
    code: 'at',
    fromName: 'tradein Österreich',
    address: 'service@tradein.at',
    phone: '+43150000000',
  }),
  dynamicYield: { enabled: true, siteId: '8769432' },
  ekomi: ekomiWidgets('at', { seal: true, slider: false }),
  hasSocialMediaButtons: true,
  socialMediaButtons: [
    { network: 'facebook', url: 'https://www.facebook.com/tradein.at' },
    { network: 'instagram', url: 'https://www.instagram.com/tradein.at' },
  ],
  hosts: consumerHosts('at'),
  redirects: [
    ...legacyRedirects({
      languagePrefix: '/de',
      contact: germanRoutes.contact,
      checkout: germanRoutes.checkout,
    }),
    { from: '/kaufen', to: buyShopLink, status: 302 },
  ],
  routes: germanRoutes,
} satisfies EditionConfigInput;
