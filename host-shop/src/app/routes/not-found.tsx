import type { LoaderFunctionArgs } from 'react-router';
import { notFound } from '../screen.server.ts';
import { shopRequest } from '../shop-context.ts';

/**
 * Every path no screen has and no redirect rule names (those are answered before any page,
 * `configured-redirects.server.ts`): the 404 page.
 */
export function loader({ url, context }: LoaderFunctionArgs) {
  const request = shopRequest(context);
  request.log.warn({ path: url.pathname }, `Page not found: ${url.pathname}`);
  notFound();
}

export default function NotFoundRoute() {
  return null;
}
