import { buildPath, getEdition, isB2BMode } from '@tradein/editions';
import { categoryTree } from '../catalogue.server.ts';
import { contentPage } from '../content/content-pages.server.ts';
import { contentSlugs } from '../content/content-slugs.ts';
import { shopCatalog } from '../../i18n/shop-catalog.ts';
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
      const page = contentPage(shopCatalog(site.language, site.shopMode), slug);
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
    reviewSeal:
      consumerShop && edition.ekomi.showReviewSeal
        ? { reviewPageUrl: edition.ekomi.reviewPageUrl }
        : null,
  };
}

export type ShopChrome = ReturnType<typeof shopChrome>;

/** A sell category as the header links it. */
export interface HeaderCategory {
  name: string;
  href: string;
}

/**
 * The sell categories of the edition's catalogue, in its order, for the header. The tree is
 * asked once per edition (catalogue.server.ts); when the catalogue cannot be read the header
 * goes without them and the page still renders (the widget can browse on its own).
 */
export async function headerCategories({ site, api, log }: ShopRequest): Promise<HeaderCategory[]> {
  if (site.shopMode === 'aganwidget') return [];
  try {
    const categories = await categoryTree(api, site.edition);
    return categories.map((category) => ({
      name: category.name,
      href: buildPath(site.edition, 'sellCategory', { category: category.url }),
    }));
  } catch (error) {
    log.warn({ err: error }, 'header without sell categories: the catalogue could not be read');
    return [];
  }
}
