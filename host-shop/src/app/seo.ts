import {
  buildPath,
  editionCodes,
  getEdition,
  type EditionCode,
  type RouteName,
} from '@tradein/editions';
import type { MetaDescriptor } from 'react-router';
import type { ShopRequest } from './shop-context.ts';

/** What search engines and link previews learn about a page. */
export interface PageSeo {
  title: string;
  description: string;
  keywords: string;
  /** Absolute URL of the page without query: the one address it is indexed under. */
  canonical: string;
  /**
   * The same page in every edition that has it (hreflang), absolute URLs, the page itself
   * included (its href is the canonical), then `x-default`; empty when no other edition has it.
   */
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
  /** Whether the page is the same in the other editions (false for a link's own pages). */
  sharedAcrossEditions?: boolean;
  /**
   * The parameters of the same page in the other editions, where they differ (a catalogue
   * entry has a url of its own in each edition); editions missing here lack the page.
   */
  editionParams?: EditionParams;
  image?: string | null | undefined;
  noIndex?: boolean;
}

/** A page's route parameters in each edition that has it. */
export type EditionParams = Partial<Record<EditionCode, Record<string, string>>>;

/** The edition whose page is shown to languages no edition speaks (`x-default`). */
const defaultEdition: EditionCode = 'de';

/** The brand as page titles end with it. */
const siteNames = {
  default: 'tradein',
  b2bWidget: 'tradein Business',
  agan: 'agan',
  aganwidget: 'agan',
};

/**
 * The origin of an edition's shop beside the request's: the request's own for its edition (so
 * the page's alternate is its canonical), the edition's public domain from a production consumer
 * host, else the edition's host of the same environment and shop mode, on the request's protocol
 * and port (`fr.localhost:8080` beside `de.localhost:8080`). Undefined where the edition has no
 * such shop (the agan shops and the B2B portal exist in Germany only).
 */
function editionOrigin({ site, origin }: ShopRequest, edition: EditionCode): string | undefined {
  if (edition === site.edition) return origin;
  const config = getEdition(edition);
  if (site.environment === 'production' && site.shopMode === 'default') {
    return `https://${config.domain}`;
  }
  const host = config.hosts.find(
    (rule) => rule.environment === site.environment && rule.shopMode === site.shopMode,
  );
  if (host === undefined) return undefined;
  const url = new URL(origin);
  url.hostname = host.host;
  return url.origin;
}

/** The page in every edition that has it, and `x-default`; empty if only one edition has it. */
function alternatesOf(
  request: ShopRequest,
  route: RouteName,
  paramsByEdition: EditionParams,
): PageSeo['alternates'] {
  const pages = editionCodes.flatMap((edition) => {
    const params = paramsByEdition[edition];
    const origin = editionOrigin(request, edition);
    if (params === undefined || origin === undefined) return [];
    if (getEdition(edition).routes[route] === undefined) return [];
    const href = `${origin}${buildPath(edition, route, params)}`;
    return [{ edition, hrefLang: getEdition(edition).icuLocale, href }];
  });
  if (pages.length < 2) return [];
  const fallback = pages.find((page) => page.edition === defaultEdition);
  return [
    ...pages.map(({ hrefLang, href }) => ({ hrefLang, href })),
    ...(fallback === undefined ? [] : [{ hrefLang: 'x-default', href: fallback.href }]),
  ];
}

/** Builds the search-engine description of a page of the request's edition. */
export function pageSeo(request: ShopRequest, input: PageSeoInput): PageSeo {
  const { site, origin } = request;
  const params = input.params ?? {};
  const paramsByEdition: EditionParams =
    input.editionParams !== undefined
      ? { ...input.editionParams, [site.edition]: params }
      : input.sharedAcrossEditions === false
        ? {}
        : Object.fromEntries(editionCodes.map((edition) => [edition, params]));
  const image = input.image ?? undefined;
  return {
    title: input.title,
    description: input.description,
    keywords: input.keywords ?? '',
    canonical: `${origin}${buildPath(site.edition, input.route, params)}`,
    alternates: alternatesOf(request, input.route, paramsByEdition),
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
