import { matchRoute, type EditionCode, type RouteName } from '@tradein/editions';

/*
 * How browsers and caches may keep a page. The page's HTML carries a fresh script nonce on every
 * answer, so no shared cache may hand one answer to many visitors as it is: public pages are
 * stored but revalidated on every use (`no-cache`) against an entity tag taken without the
 * nonce; a 304 then lets the client keep the answer it holds, with that answer's own policy and
 * nonce. Pages of one person (account, checkout, thank-you, newsletter and clarification links)
 * are never stored.
 */

/** The screens that show every visitor the same page. Anything else is personal. */
const publicScreens: ReadonlySet<RouteName> = new Set<RouteName>([
  'home',
  'sellCategory',
  'productOverview',
  'productDetail',
  'contact',
  'content',
  'b2bLandingpage',
  'b2bAnkaufsportal',
]);

/** Cache-Control of a public page: kept, but asked again each time with its entity tag. */
const publicPageCaching = 'no-cache';

/** Cache-Control of a personal page, an error page and any other answer of the pages. */
const personalPageCaching = 'private, no-store';

/** How an answer of the pages may be kept, and whether it gets an entity tag. */
export interface PageCaching {
  cacheControl: string;
  validated: boolean;
}

/**
 * The caching of an answer of the pages: public pages that rendered (GET or HEAD, 200) get
 * `no-cache` and an entity tag; redirects keep HTTP's own rules (undefined: nothing to add);
 * everything else, `private, no-store`. A page-data request of client-side navigation
 * (`…/page.data`) matches no screen and counts as personal.
 */
export function pageCaching(
  edition: EditionCode,
  request: { method: string; pathname: string },
  status: number,
): PageCaching | undefined {
  if (status >= 300 && status < 400) return undefined;
  const screen = matchRoute(edition, request.pathname)?.name;
  const isPublic =
    (request.method === 'GET' || request.method === 'HEAD') &&
    status === 200 &&
    screen !== undefined &&
    publicScreens.has(screen);
  return isPublic
    ? { cacheControl: publicPageCaching, validated: true }
    : { cacheControl: personalPageCaching, validated: false };
}
