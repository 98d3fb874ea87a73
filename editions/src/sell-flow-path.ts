import {
  frenchSellFlowRoutes,
  germanSellFlowRoutes,
  italianSellFlowRoutes,
  spanishSellFlowRoutes,
} from './configs/sell-flow-routes.ts';
import type { SellFlowRouteName, SellFlowRouteTable } from './configs/sell-flow-routes.ts';
import type { EditionCode } from './edition-code.ts';

export type { SellFlowRouteName } from './configs/sell-flow-routes.ts';

const sellFlowRoutesByEdition: Readonly<Record<EditionCode, SellFlowRouteTable>> = {
  at: germanSellFlowRoutes,
  de: germanSellFlowRoutes,
  es: spanishSellFlowRoutes,
  fr: frenchSellFlowRoutes,
  it: italianSellFlowRoutes,
};

/**
 * The shop path of a sell-flow page in an edition, for browsers that do not load the full route
 * table: `param` fills the route's one parameter (the device of the product detail, the category
 * of the sell category page), percent-encoded. Gives the same paths as the full `buildPath`.
 */
export function sellFlowPath(edition: EditionCode, route: SellFlowRouteName, param = ''): string {
  return sellFlowRoutesByEdition[edition][route].replace(/\{\w+\}/, encodeURIComponent(param));
}
