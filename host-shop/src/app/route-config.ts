import { index, layout, route, type RouteConfigEntry } from '@react-router/dev/routes';
import { editionCodes, getEdition, type EditionCode } from '@tradein/editions';
import type { RouteName } from '@tradein/editions';
import { newsletterSignupPath } from './shop-paths.ts';

/** The module of each screen of §2, relative to src/app. */
const screenModules = {
  home: 'routes/home.tsx',
  productDetail: 'routes/product.tsx',
  sellCategory: 'routes/sell-category.tsx',
  checkout: 'routes/checkout.tsx',
  thankYou: 'routes/thank-you.tsx',
  contact: 'routes/contact.tsx',
  content: 'routes/content.tsx',
  b2bLandingpage: 'routes/b2b.tsx',
  b2bAnkaufsportal: 'routes/b2b.tsx',
  account: 'routes/account.tsx',
  accountRegister: 'routes/account-register.tsx',
  accountManagement: 'routes/account-management.tsx',
  accountPasswordReset: 'routes/password-reset.tsx',
  accountPasswordForgot: 'routes/password-forgot.tsx',
  accountPaymentChange: 'routes/payment-change.tsx',
  accountAddressChange: 'routes/address-change.tsx',
  accountConfirmTrade: 'routes/confirm-trade.tsx',
  tradeStatus: 'routes/trade-status.tsx',
  basePasswordReset: 'routes/password-reset.tsx',
  basePasswordForgot: 'routes/password-forgot.tsx',
  basePaymentChange: 'routes/payment-change.tsx',
  baseAddressChange: 'routes/address-change.tsx',
  newsletterEnrich: 'routes/newsletter-enrich.tsx',
  newsletterEnrichHash: 'routes/newsletter-enrich-hash.tsx',
  newsletterUnsubscribeSuccess: 'routes/newsletter-unsubscribe-success.tsx',
  newsletterUnsubscribe: 'routes/newsletter-unsubscribe.tsx',
  clarification: 'routes/clarification.tsx',
  clarificationQuickAnswer: 'routes/clarification-quick-answer.tsx',
  clarificationLegacy: 'routes/clarification-legacy.tsx',
  clarificationQuickAnswerLegacy: 'routes/clarification-legacy.tsx',
} as const satisfies Partial<Record<RouteName, string>>;

type ScreenName = keyof typeof screenModules;

/**
 * The screens whose pages hold the sell flow (`<tradein-widget>`): they share one layout, so the
 * element stays on the page while the seller moves between them.
 */
const sellFlowScreens: readonly ScreenName[] = [
  'home',
  'productDetail',
  'sellCategory',
  'checkout',
  'thankYou',
];

/**
 * An edition's path pattern as a React Router path: `{name}` becomes `:name`. React Router has
 * no parameter after a literal prefix within a segment (`uebersicht-{overview}`), so such a
 * segment becomes a whole-segment parameter and the route module tells the pages apart.
 */
export function routerPath(pattern: string): string {
  return pattern.replace(/[A-Za-z0-9._~-]*\{([A-Za-z][A-Za-z0-9]*)\}/g, ':$1');
}

/** One localized path of a screen, with the editions that have it. */
export interface ScreenPath {
  screen: ScreenName;
  path: string;
  editions: EditionCode[];
}

/**
 * Every localized path of every screen, each once, from the editions' route tables. The product
 * overview (`/produkte/uebersicht-{overview}`) shares the product detail's router path and is
 * served by its module.
 */
export function screenPaths(): ScreenPath[] {
  const byKey = new Map<string, ScreenPath>();
  for (const edition of editionCodes) {
    const { routes } = getEdition(edition);
    for (const screen of Object.keys(screenModules) as ScreenName[]) {
      const pattern = routes[screen];
      if (pattern === undefined) continue;
      const path = routerPath(pattern);
      const key = `${screen} ${path}`;
      const known = byKey.get(key);
      if (known) known.editions.push(edition);
      else byKey.set(key, { screen, path, editions: [edition] });
    }
  }
  return [...byKey.values()];
}

function inSellFlow(path: ScreenPath): boolean {
  return sellFlowScreens.includes(path.screen);
}

/** A route id: the screen and the editions whose path it is (`productDetail.at-de`). */
function routeId({ screen, editions }: ScreenPath): string {
  return `${screen}.${editions.toSorted().join('-')}`;
}

function screenRoute(screenPath: ScreenPath): RouteConfigEntry {
  const file = screenModules[screenPath.screen];
  const id = routeId(screenPath);
  return screenPath.path === '/' ? index(file, { id }) : route(screenPath.path, file, { id });
}

/**
 * The shop's routes: the document (root.tsx) around the layout of the host's shop mode, the sell
 * flow's pages inside their own layout, every other screen, and a catch-all for redirects and
 * the 404 page.
 */
export function shopRoutes(): RouteConfigEntry[] {
  const paths = screenPaths();
  return [
    layout('layouts/shop-layout.tsx', { id: 'shop' }, [
      layout(
        'layouts/sell-flow-layout.tsx',
        { id: 'sellFlow' },
        paths.filter(inSellFlow).map(screenRoute),
      ),
      ...paths.filter((path) => !inSellFlow(path)).map(screenRoute),
      // The footer's newsletter form posts here; the page tells what happened (works without
      // JavaScript).
      route(newsletterSignupPath, 'routes/newsletter-signup.tsx', { id: 'newsletterSignup' }),
      route('*', 'routes/not-found.tsx', { id: 'notFound' }),
    ]),
  ];
}
