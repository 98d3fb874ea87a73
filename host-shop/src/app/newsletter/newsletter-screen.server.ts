import {
  newsletterSubscriptionEndpoint,
  newsletterSubscriptionQuerySchema,
  readApiError,
  type NewsletterSubscription,
} from '@tradein/contract';
import { apiHttpStatus, type ApiClient } from '@tradein/client-core';
import {
  buildPath,
  getEdition,
  matchRoute,
  type EditionCode,
  type RouteName,
} from '@tradein/editions';
import type { RouterContextProvider } from 'react-router';
import { createI18n } from '../../i18n/create-i18n.ts';
import { notFound, type Screen } from '../screen.server.ts';
import { shopRequest } from '../shop-context.ts';
import { pageSeo } from '../seo.ts';
import type { Site } from '../site.ts';

/**
 * Whether the shop of a host offers the newsletter: the edition has one (`hasNewsletter`) and
 * the host is the consumer shop, the same rule by which the footer shows the sign-up. Elsewhere
 * (the B2B portal, the agan shops) the `/newsletter/*` pages answer 404.
 */
export function newsletterOffered(
  site: Pick<Site, 'edition' | 'shopMode'>,
  edition: { hasNewsletter: boolean } = getEdition(site.edition),
): boolean {
  return site.shopMode === 'default' && edition.hasNewsletter;
}

/**
 * The screen of a newsletter page; 404 where the shop offers no newsletter. The router sends every
 * path of the page's form here, while the edition's route table refuses a hash it cannot hold (an
 * encoded "/"): such a path is still this page, with a hash that names no subscription, so the
 * visitor gets the page of the link rather than the shop's 404.
 */
export function newsletterScreenOf(
  args: { url: URL; context: Readonly<RouterContextProvider> },
  name: RouteName,
): Screen {
  const request = shopRequest(args.context);
  if (!newsletterOffered(request.site)) notFound();
  const i18n = createI18n(request.site.language, request.site.shopMode);
  const match = matchRoute(request.site.edition, args.url.pathname);
  if (match?.name === name) return { request, match, i18n };
  if (match === undefined && hasUnreadableHash(request.site.edition, name, args.url.pathname)) {
    return { request, match: { name, params: { emailHash: '' } }, i18n };
  }
  notFound();
}

/** Whether a path is the page's pattern with a last segment the route table cannot decode. */
function hasUnreadableHash(edition: EditionCode, name: RouteName, pathname: string): boolean {
  const pattern = getEdition(edition).routes[name];
  if (pattern === undefined || !pattern.endsWith('/{emailHash}')) return false;
  const prefix = pattern.slice(0, -'{emailHash}'.length);
  if (!pathname.startsWith(prefix)) return false;
  const rest = pathname.slice(prefix.length).replace(/\/$/, '');
  return rest !== '' && !rest.includes('/');
}

/**
 * The `{emailHash}` of a page's path when it has the form the trade API gives out (64 hex
 * digits), else undefined: such a link cannot name a subscription (an old link of the previous
 * shop carries a shorter hash) and the page says so without asking the API.
 */
export function emailHashOf(screen: Screen): string | undefined {
  const parsed = newsletterSubscriptionQuerySchema.safeParse({
    emailHash: screen.match.params['emailHash'],
  });
  return parsed.success ? parsed.data.emailHash : undefined;
}

/**
 * The error code of a failed trade API call (`token_expired`, …), or undefined. Reads the error
 * by its fields, not its class: the server's API client is another bundle's copy.
 */
export function apiErrorCodeOf(error: unknown): string | undefined {
  if (apiHttpStatus(error) === undefined) return undefined;
  return readApiError(Reflect.get(error as object, 'body'))?.error.code;
}

/** The subscription a link names, or 'unknown' when the trade API has none for its hash. */
export async function readSubscription(
  api: ApiClient,
  emailHash: string,
): Promise<NewsletterSubscription | 'unknown'> {
  try {
    return await api.call(newsletterSubscriptionEndpoint, { query: { emailHash } });
  } catch (error) {
    if (apiHttpStatus(error) === 404) return 'unknown';
    throw error;
  }
}

/**
 * The search-engine description of a newsletter page (never indexed, no other editions: the
 * link belongs to one subscription). A path with a malformed hash names the newsletter's page
 * without one as its address, as the hash cannot be put back into a path.
 */
export function newsletterSeo(screen: Screen, texts: { title: string; description: string }) {
  const { request, match } = screen;
  const hasHash = 'emailHash' in match.params;
  const emailHash = hasHash ? emailHashOf(screen) : undefined;
  return pageSeo(request, {
    ...texts,
    ...(hasHash && emailHash === undefined
      ? { route: 'newsletterEnrich' as const }
      : { route: match.name, params: { ...match.params } }),
    sharedAcrossEditions: false,
    noIndex: true,
  });
}

/** The paths the newsletter pages link to, in an edition. */
export function newsletterPaths(edition: EditionCode) {
  return {
    enrich: buildPath(edition, 'newsletterEnrich'),
    unsubscribeSuccess: buildPath(edition, 'newsletterUnsubscribeSuccess'),
    contact: buildPath(edition, 'contact'),
    home: buildPath(edition, 'home'),
  };
}

export type NewsletterPaths = ReturnType<typeof newsletterPaths>;
