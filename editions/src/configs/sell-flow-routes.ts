import type { RouteName } from '../route-names.ts';

/** The pages a step of the sell flow corresponds to (§2). */
export type SellFlowRouteName = Extract<
  RouteName,
  'home' | 'productDetail' | 'sellCategory' | 'checkout' | 'thankYou'
>;

/** Route patterns of the sell flow of one language. */
export type SellFlowRouteTable = Readonly<Record<SellFlowRouteName, string>>;

/**
 * The sell-flow routes of each language. The full edition configurations spread these into
 * their route tables, and the browser entry reads them to tell a host page where a step lives,
 * so both use the same paths.
 */
export const germanSellFlowRoutes = {
  home: '/',
  productDetail: '/produkte/{pdp}',
  sellCategory: '/verkaufen/{category}',
  checkout: '/checkout',
  thankYou: '/thankYou',
} as const satisfies SellFlowRouteTable;

export const spanishSellFlowRoutes = {
  home: '/',
  productDetail: '/productos/{pdp}',
  sellCategory: '/vender/{category}',
  checkout: '/checkout',
  thankYou: '/thankYou',
} as const satisfies SellFlowRouteTable;

export const frenchSellFlowRoutes = {
  home: '/',
  productDetail: '/produits/{pdp}',
  sellCategory: '/catalogue/{category}',
  checkout: '/checkout',
  thankYou: '/thankYou',
} as const satisfies SellFlowRouteTable;

/** Italy has its own checkout and thank-you paths. */
export const italianSellFlowRoutes = {
  home: '/',
  productDetail: '/prodotti/{pdp}',
  sellCategory: '/catalogo/{category}',
  checkout: '/guardare',
  thankYou: '/grazie',
} as const satisfies SellFlowRouteTable;
