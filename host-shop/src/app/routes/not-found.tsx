import { notFound } from '../screen.server.ts';
import { shopRequest } from '../shop-context.ts';
import type { Route } from './+types/not-found';

/**
 * Every path no screen has and no redirect rule names (those are answered before any page,
 * `configured-redirects.server.ts`): the 404 page.
 */
export function loader({ url, context }: Route.LoaderArgs) {
  const request = shopRequest(context);
  request.log.warn({ path: url.pathname }, `Page not found: ${url.pathname}`);
  notFound();
}

export default function NotFoundRoute() {
  return null;
}
