import type { Route } from '../server/route.ts';
import { resolveAccountDeps, type AccountDeps } from './account-deps.ts';
import { registerAddressRoutes } from './address-routes.ts';
import { registerPayoutAccountRoutes } from './payout-account-routes.ts';
import { registerPersonRoutes } from './person-routes.ts';
import { registerPhoneContactRoutes } from './phone-contact-routes.ts';
import { registerTradeHistoryRoute } from './trade-history-route.ts';

/**
 * Registers the customer calls of §7; all need the bearer token and see only its customer:
 * queries always carry `customer_id = <token subject>` (`ownerOf`), so an id of someone else's
 * record finds nothing and answers the same 404 as an id that does not exist.
 */
export function registerCustomerRoutes(route: Route, accountDeps: AccountDeps): void {
  const deps = resolveAccountDeps(accountDeps);
  registerAddressRoutes(route, deps);
  registerPayoutAccountRoutes(route, deps);
  registerPhoneContactRoutes(route, deps);
  registerPersonRoutes(route, deps);
  registerTradeHistoryRoute(route, deps);
}
