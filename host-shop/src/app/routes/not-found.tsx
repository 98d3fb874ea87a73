import { resolveRedirect } from '@tradein/editions';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { notFound } from '../screen.server.ts';
import { shopRequest } from '../shop-context.ts';

/**
 * Every path no screen has: the edition's redirect rules first (legacy paths, `/faq`, the French
 * catalogue list; external targets leave the site), else the 404 page. Runs for client-side
 * navigation too, so a link to an old path lands where a reload would.
 */
export function loader({ url, context }: LoaderFunctionArgs) {
  const request = shopRequest(context);
  const target = resolveRedirect(request.site.edition, `${url.pathname}${url.search}`);
  if (target) throw redirect(target.location, target.status);
  request.log.warn({ path: url.pathname }, `Page not found: ${url.pathname}`);
  notFound();
}

export default function NotFoundRoute() {
  return null;
}
