import type { I18n } from '@lingui/core';
import { matchRoute, type RouteMatch, type RouteName } from '@tradein/editions';
import { data, type RouterContextProvider } from 'react-router';
import { createI18n } from '../i18n/create-i18n.ts';
import { shopRequest, type ShopRequest } from './shop-context.ts';

/** What a page's loader or action works with. */
export interface Screen {
  request: ShopRequest;
  /** The screen of the edition the path belongs to, with its decoded parameters. */
  match: RouteMatch;
  /** Texts in the page's language, for titles and descriptions made on the server. */
  i18n: I18n;
}

/** The answer of a page that does not exist: the shop layout shows the 404 page. */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/**
 * The screen of a request, checked against the host's edition: a route module serves the paths
 * of every edition, so `/vender/movil` on the German host, or the B2B landing page outside
 * Germany, answer 404 here.
 */
export function screenOf(
  args: { url: URL; context: Readonly<RouterContextProvider> },
  screens: readonly RouteName[],
): Screen {
  const request = shopRequest(args.context);
  const match = matchRoute(request.site.edition, args.url.pathname);
  if (match === undefined || !screens.includes(match.name)) notFound();
  return { request, match, i18n: createI18n(request.site.language, request.site.shopMode) };
}
