import {
  type DeleteAccountQuery,
  deleteCustomerEndpoint,
  deleteUserEndpoint,
} from '@tradein/contract';
import type { Route } from '../server/route.ts';
import { resolveAccountDeps, type AccountDeps, type ResolvedAccountDeps } from './account-deps.ts';
import { deleteCustomer } from './customer-deletion.ts';
import { notFound } from './customer-records.ts';
import { preparePasswordHashing } from './password-hashing.ts';
import { registerPasswordRoutes, requireBearer } from './password-routes.ts';
import { registerRegistrationRoutes } from './registration-routes.ts';
import { registerSessionRoutes } from './session-routes.ts';

/**
 * Deletes the token's customer when both query values name it; anything else is a 404, so a
 * caller cannot tell someone else's id from a wrong one.
 */
async function deleteOwnAccount(
  deps: ResolvedAccountDeps,
  customerId: string,
  query: DeleteAccountQuery,
): Promise<{ ok: true }> {
  const customer = await deps.db
    .selectFrom('customers')
    .select(['id', 'customer_number'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (
    customer === undefined ||
    query.customerId !== customer.id ||
    query.customerIdentifier !== customer.customer_number
  ) {
    throw notFound('Customer');
  }
  if (!(await deleteCustomer(deps.db, customer.id, deps.clock()))) throw notFound('Customer');
  return { ok: true };
}

/**
 * Registers the account calls of §7 (login, refresh, logout, register, activation and its resend,
 * password mail, reset and change, both deletes) and `POST /api/account/guestSession`.
 */
export function registerAccountRoutes(route: Route, accountDeps: AccountDeps): void {
  const deps = resolveAccountDeps(accountDeps);
  // The dummy hash for unknown users is computed now rather than on the first login.
  void preparePasswordHashing();
  registerSessionRoutes(route, deps);
  registerRegistrationRoutes(route, deps);
  registerPasswordRoutes(route, deps);

  route(deleteCustomerEndpoint, async ({ customer, query }) => {
    if (customer === null) throw notFound('Customer');
    return deleteOwnAccount(deps, customer.customerId, query);
  });

  // The contract marks this call `auth: 'none'`; deleting an account needs its session.
  route(deleteUserEndpoint, async ({ request, query }) => {
    const claims = await requireBearer(deps, request);
    return deleteOwnAccount(deps, claims.customerId, query);
  });
}
