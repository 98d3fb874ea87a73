import { catalogueRevisionEndpoint } from '@tradein/contract';
import type { Route } from './route.ts';

/**
 * `GET /api/trade/catalogue/revision`: the catalogue revision this node serves (0 for a node
 * serving a fixed catalogue). Never cached: the shop's servers ask it to know when to read the
 * category tree and the sitemap again.
 */
export function registerCatalogueRevisionRoute(
  route: Route,
  revision: (() => number | undefined) | undefined,
): void {
  route(catalogueRevisionEndpoint, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { revision: revision?.() ?? 0 };
  });
}
