import { buildPath, editionCodes, getEdition, type RouteName } from '@tradein/editions';
import type { MetaDescriptor } from 'react-router';
import type { ShopRequest } from './shop-context.ts';

/** What search engines and link previews learn about a page. */
export interface PageSeo {
  title: string;
  description: string;
  keywords: string;
  /** Absolute URL of the page without query: the one address it is indexed under. */
  canonical: string;
  /** The same page in the other editions (hreflang), absolute URLs. */
  alternates: { hrefLang: string; href: string }[];
  /** Absolute URL of the page's picture for link previews, if it has one. */
  image: string | undefined;
  locale: string;
  siteName: string;
  /** Pages that must not be indexed (the 404 page, account pages). */
  noIndex: boolean;
}

export interface PageSeoInput {
  title: string;
  description: string;
  keywords?: string | undefined;
  /** The screen and parameters of the page, for its address in every edition. */
  route: RouteName;
  params?: Record<string, string>;
  /** Whether the page is the same in the other editions (false for catalogue pages). */
  sharedAcrossEditions?: boolean;
  image?: string | null | undefined;
  noIndex?: boolean;
}

/** The brand as page titles end with it. */
const siteNames = {
  default: 'tradein',
  b2bWidget: 'tradein Business',
  agan: 'agan',
  aganwidget: 'agan',
};

/** Builds the search-engine description of a page of the request's edition. */
export function pageSeo(request: ShopRequest, input: PageSeoInput): PageSeo {
  const { site, origin } = request;
  const params = input.params ?? {};
  const alternates =
    input.sharedAcrossEditions === false
      ? []
      : editionCodes.flatMap((edition) => {
          const config = getEdition(edition);
          if (config.routes[input.route] === undefined) return [];
          return [
            {
              hrefLang: config.icuLocale,
              href: `https://${config.domain}${buildPath(edition, input.route, params)}`,
            },
          ];
        });
  const image = input.image ?? undefined;
  return {
    title: input.title,
    description: input.description,
    keywords: input.keywords ?? '',
    canonical: `${origin}${buildPath(site.edition, input.route, params)}`,
    alternates: alternates.length > 1 ? alternates : [],
    image: image === undefined ? undefined : new URL(image, origin).href,
    locale: getEdition(site.edition).icuLocale.replace('-', '_'),
    siteName: siteNames[site.shopMode],
    noIndex: input.noIndex ?? false,
  };
}

/** The `<title>`, meta and link tags of a page (a route module's `meta`). */
export function pageMeta(seo: PageSeo | undefined): MetaDescriptor[] {
  if (seo === undefined) return [];
  const title = `${seo.title} | ${seo.siteName}`;
  return [
    { title },
    { name: 'description', content: seo.description },
    ...(seo.keywords === '' ? [] : [{ name: 'keywords', content: seo.keywords }]),
    ...(seo.noIndex ? [{ name: 'robots', content: 'noindex' }] : []),
    { tagName: 'link', rel: 'canonical', href: seo.canonical },
    ...seo.alternates.map(({ hrefLang, href }) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang,
      href,
    })),
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.canonical },
    { property: 'og:locale', content: seo.locale },
    { property: 'og:site_name', content: seo.siteName },
    ...(seo.image === undefined ? [] : [{ property: 'og:image', content: seo.image }]),
  ];
}
