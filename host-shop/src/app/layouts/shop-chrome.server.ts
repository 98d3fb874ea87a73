import { buildPath, getEdition, isB2BMode } from '@tradein/editions';
import { contentPage } from '../content/content-pages.server.ts';
import { contentSlugs } from '../content/content-slugs.ts';
import type { ShopRequest } from '../shop-context.ts';

/** What header and footer show, decided on the server from the edition configuration. */
export function shopChrome({ site }: ShopRequest) {
  const edition = getEdition(site.edition);
  const consumerShop = site.shopMode === 'default';
  const agan = site.shopMode === 'agan' || site.shopMode === 'aganwidget';
  return {
    brand: agan ? 'agan' : isB2BMode(site.shopMode) ? 'tradein Business' : 'tradein',
    paths: {
      home: buildPath(site.edition, 'home'),
      contact: buildPath(site.edition, 'contact'),
      checkout: buildPath(site.edition, 'checkout'),
      account: buildPath(site.edition, 'account'),
    },
    buyShopLink: agan ? undefined : edition.buyShopLink,
    contentLinks: contentSlugs.flatMap((slug) => {
      const page = contentPage(site.language, slug);
      return page
        ? [{ href: buildPath(site.edition, 'content', { slug }), title: page.title }]
        : [];
    }),
    shippingLogo: {
      src: edition.footerShippingLogo.imagePath,
      alt: edition.footerShippingLogo.alt,
    },
    socialMediaButtons:
      consumerShop && edition.hasSocialMediaButtons ? edition.socialMediaButtons : [],
    newsletter: consumerShop && edition.hasNewsletter,
    // Customer accounts belong to the shops sellers come back to, not to the embedded widgets.
    accountLink: consumerShop || site.shopMode === 'agan',
    reviewSeal: consumerShop && edition.ekomi.showReviewSeal,
  };
}

export type ShopChrome = ReturnType<typeof shopChrome>;
