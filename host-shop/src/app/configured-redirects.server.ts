import { resolveRedirect } from '@tradein/editions';
import { redirect, type MiddlewareFunction } from 'react-router';
import { shopRequest } from './shop-context.ts';

/**
 * The redirect rules of the host's edition (legacy paths, `/faq`, the French landing pages, the
 * Italian `/checkout`), tried before any page: a rule wins over a page route of the same shape,
 * which would otherwise answer 404 for it (`/checkout` in Italy, an old French catalogue slug).
 * As middleware it runs for the page-data requests of client-side navigation too, so a link to
 * an old path lands where a reload would.
 */
export const configuredRedirects: MiddlewareFunction<Response> = ({ url, context }) => {
  const { site } = shopRequest(context);
  const target = resolveRedirect(site.edition, `${url.pathname}${url.search}`);
  if (target) throw redirect(target.location, target.status);
};
