import { getAddressesEndpoint, updateAddressesEndpoint } from '@tradein/contract';
import type { Route } from '../server/route.ts';
import type { ResolvedAccountDeps } from './account-deps.ts';
import { addressColumns, addressFromRow, notFound, ownerOf } from './customer-records.ts';

/** Registers the customer's addresses: list, add, change (§7 `addresses`). */
export function registerAddressRoutes(route: Route, deps: ResolvedAccountDeps): void {
  const { db } = deps;
  const stamp = () => deps.clock().toISOString();

  route(getAddressesEndpoint, async ({ customer }) => {
    const rows = await db
      .selectFrom('addresses')
      .selectAll()
      .where('customer_id', '=', ownerOf(customer))
      .orderBy('id')
      .execute();
    return rows.map(addressFromRow);
  });

  route(updateAddressesEndpoint, async ({ body, customer }) => {
    const owner = ownerOf(customer);
    const { id, ...address } = body;
    const now = stamp();
    const row =
      id === undefined
        ? await db
            .insertInto('addresses')
            .values({
              customer_id: owner,
              ...addressColumns(address),
              created_at: now,
              updated_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow()
        : await db
            .updateTable('addresses')
            .set({ ...addressColumns(address), updated_at: now })
            .where('id', '=', id)
            .where('customer_id', '=', owner)
            .returningAll()
            .executeTakeFirst();
    if (row === undefined) throw notFound('Address');
    return addressFromRow(row);
  });
}
