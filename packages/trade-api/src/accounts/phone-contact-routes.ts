import {
  createPhoneContactEndpoint,
  getPhoneContactsEndpoint,
  updatePhoneContactEndpoint,
} from '@tradein/contract';
import type { Route } from '../server/route.ts';
import type { ResolvedAccountDeps } from './account-deps.ts';
import { notFound, ownerOf, phoneContactFromRow } from './customer-records.ts';

/** Registers the customer's phone contacts: list, add, change. */
export function registerPhoneContactRoutes(route: Route, deps: ResolvedAccountDeps): void {
  const { db } = deps;
  const stamp = () => deps.clock().toISOString();

  route(getPhoneContactsEndpoint, async ({ customer }) => {
    const rows = await db
      .selectFrom('phone_contacts')
      .selectAll()
      .where('customer_id', '=', ownerOf(customer))
      .orderBy('id')
      .execute();
    return rows.map(phoneContactFromRow);
  });

  route(createPhoneContactEndpoint, async ({ body, customer }) => {
    const now = stamp();
    const row = await db
      .insertInto('phone_contacts')
      .values({
        customer_id: ownerOf(customer),
        phone: body.phone,
        type: body.type,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return phoneContactFromRow(row);
  });

  route(updatePhoneContactEndpoint, async ({ body, customer }) => {
    const row = await db
      .updateTable('phone_contacts')
      .set({ phone: body.phone, type: body.type, updated_at: stamp() })
      .where('id', '=', body.id)
      .where('customer_id', '=', ownerOf(customer))
      .returningAll()
      .executeTakeFirst();
    if (row === undefined) throw notFound('Phone contact');
    return phoneContactFromRow(row);
  });
}
