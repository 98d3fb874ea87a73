import type { EditionConfigInput } from '../edition-config-schema.ts';
import type { OpeningHours } from '../legal-details-schema.ts';
import { deClientEdition } from './de-client.ts';
import { germanContactSubjects } from './german-contact-subjects.ts';
import { legacyRedirects } from './legacy-redirects.ts';
import { germanRoutes } from './shared-routes.ts';
import { ekomiWidgets, helpServiceProvider, placeholder, serviceDetails } from './edition-parts.ts';

const buyShopLink = 'https://shop.tradein.de';

const service = serviceDetails({
  code: 'de',
  fromName: 'tradein Deutschland',
  address: 'service@tradein.de',
  phone: '+493023125000',
});

const routes = {
  ...germanRoutes,
  b2bLandingpage: '/b2b/landingpage',
  b2bAnkaufsportal: '/b2b/ankaufsportal',
} as const;

/** Germany: the only edition with the B2B partner widget and the agan sister shop. */
export const deEdition = {
  ...deClientEdition,
  helpWidget: {
    enabled: true,
    scriptUrl: 'https://help.tradein.de/widget/loader.js',
    account: 'tradein',
    chatApiKey: 'pk_chat_de_5f2a91c3d7e84b06',
    ticketApiKey: 'pk_ticket_de_0b7d4e19a3c26f58',
    provider: helpServiceProvider('de'),
    contactSubjects: germanContactSubjects,
  },
  footerShippingLogo: {
    carrier: 'DHL',
    imagePath: '/images/shipping/dhl.svg',
    alt: 'Kostenloser Versand mit DHL',
  },
  domain: 'www.tradein.de',
  buyShopLink,
  sellShopUrl: 'https://www.tradein.de',
  landingPages: { consumer: 'TI_DE_CONSUMER', b2b: 'TI_DE_B2B', agan: 'AGAN_DE' },
  contact: {
    ...service.contact,
    b2bpartner: {
      fromAddress: 'noreply@tradein.de',
      fromName: 'tradein Business',
      toAddress: 'b2b@tradein.de',
      phone: placeholder('+493023125100'),
      hours: placeholder<OpeningHours>([
        { from: 'monday', to: 'friday', opens: '08:00', closes: '17:00' },
      ]),
    },
  },
  imprint: service.imprint,
  dynamicYield: { enabled: true, siteId: '8769431' },
  ekomi: ekomiWidgets('de', { seal: true, slider: true }),
  hasSocialMediaButtons: true,
  socialMediaButtons: [
    { network: 'facebook', url: 'https://www.facebook.com/tradein.de' },
    { network: 'instagram', url: 'https://www.instagram.com/tradein.de' },
    { network: 'youtube', url: 'https://www.youtube.com/@tradein_de' },
    { network: 'linkedin', url: 'https://www.linkedin.com/company/tradein-de' },
  ],
  hosts: [
    { host: 'www.tradein.de', shopMode: 'default', environment: 'production' },
    { host: 'tradein.de', shopMode: 'default', environment: 'production' },
    { host: 'b2b.tradein.de', shopMode: 'b2bWidget', environment: 'production' },
    { host: 'www.agan.de', shopMode: 'agan', environment: 'production' },
    { host: 'agan.de', shopMode: 'agan', environment: 'production' },
    { host: 'widget.agan.de', shopMode: 'aganwidget', environment: 'production' },
    { host: 'test.tradein.de', shopMode: 'default', environment: 'test' },
    { host: 'test.b2b.tradein.de', shopMode: 'b2bWidget', environment: 'test' },
    { host: 'test.agan.de', shopMode: 'agan', environment: 'test' },
    { host: 'test.widget.agan.de', shopMode: 'aganwidget', environment: 'test' },
    { host: 'stage.tradein.de', shopMode: 'default', environment: 'stage' },
    { host: 'stage.b2b.tradein.de', shopMode: 'b2bWidget', environment: 'stage' },
    { host: 'stage.agan.de', shopMode: 'agan', environment: 'stage' },
    { host: 'stage.widget.agan.de', shopMode: 'aganwidget', environment: 'stage' },
    { host: 'localhost', shopMode: 'default', environment: 'local' },
    { host: '127.0.0.1', shopMode: 'default', environment: 'local' },
    { host: 'de.localhost', shopMode: 'default', environment: 'local' },
    { host: 'b2b.localhost', shopMode: 'b2bWidget', environment: 'local' },
    { host: 'agan.localhost', shopMode: 'agan', environment: 'local' },
    { host: 'aganwidget.localhost', shopMode: 'aganwidget', environment: 'local' },
  ],
  redirects: [
    // Old unsubscribe links in sent newsletters carry the hexadecimal hash of the address.
    {
      from: '/browser/newsletter/unsubscribe/hash/{hash:hex}',
      to: '/newsletter/unsubscribe/{hash}',
      status: 301,
    },
    ...legacyRedirects({
      languagePrefix: '/de',
      contact: routes.contact,
      checkout: routes.checkout,
    }),
    { from: '/browser/b2b', to: routes.b2bAnkaufsportal, status: 301 },
    { from: '/kaufen', to: buyShopLink, status: 302 },
  ],
  routes,
} satisfies EditionConfigInput;
