import type { TradeDb } from '../db/create-database.ts';

/**
 * Moves the trades of guest checkouts with a customer's e-mail address to that registered
 * customer, once the customer proved the mailbox (activation, or a password reset, which also
 * activates). A seller who checks out as a guest and creates the account in the same checkout
 * then finds the trade in the account. Only proven addresses claim: whoever typed the address
 * at a guest checkout got that trade's mail in this very mailbox.
 */
export async function claimGuestTrades(db: TradeDb, customerId: string, now: Date): Promise<void> {
  const customer = await db
    .selectFrom('customers')
    .select('email')
    .where('id', '=', customerId)
    .where('is_guest', '=', 0)
    .executeTakeFirst();
  if (customer === undefined) return;
  await db
    .updateTable('trades')
    .set({ customer_id: customerId, updated_at: now.toISOString() })
    .where('customer_id', 'in', (eb) =>
      eb
        .selectFrom('customers')
        .select('customers.id')
        .where('customers.is_guest', '=', 1)
        .where('customers.email', '=', customer.email),
    )
    .execute();
}
