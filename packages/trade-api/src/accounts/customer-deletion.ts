import type { TradeDb } from '../db/create-database.ts';

/** Keys of trade snapshots that name or reach a person; their values are blanked on deletion. */
const personalKeys = new Set([
  'salutation',
  'firstName',
  'lastName',
  'company',
  'street',
  'houseNumber',
  'addressAddition',
  'accountHolder',
  'name',
  'email',
  'phone',
  'bic',
]);

/** An IBAN reduced to its country and last four digits: enough to match a booked payout. */
function maskIban(iban: string): string {
  return iban.length > 8 ? `${iban.slice(0, 2)}…${iban.slice(-4)}` : '…';
}

/** Blanks the personal values of a JSON snapshot, keeping its shape and the non-personal keys. */
function anonymiseValue(value: unknown, key: string | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => anonymiseValue(item, key));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [name, anonymiseValue(inner, name)]),
    );
  }
  if (typeof value !== 'string' || key === undefined) return value;
  if (key === 'iban') return maskIban(value);
  if (key === 'email') return 'deleted@deleted.invalid';
  return personalKeys.has(key) ? 'deleted' : value;
}

/** The anonymised form of a stored JSON snapshot (an unreadable one becomes `{}`). */
export function anonymiseSnapshot(json: string): string {
  try {
    return JSON.stringify(anonymiseValue(JSON.parse(json) as unknown, undefined));
  } catch {
    return '{}';
  }
}

/**
 * Deletes a customer in one transaction. Their own records (addresses, payout accounts, phone
 * contacts, person record, tokens) go with the customer row. Trades stay for bookkeeping but
 * lose the link to the customer, and their address and payout snapshots keep only postal code,
 * city, country and a masked IBAN. The mail log and login attempts of the address are
 * anonymised or removed. Answers false when the customer does not exist.
 */
export async function deleteCustomer(db: TradeDb, customerId: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const customer = await trx
      .selectFrom('customers')
      .select(['id', 'email'])
      .where('id', '=', customerId)
      .executeTakeFirst();
    if (customer === undefined) return false;
    const trades = await trx
      .selectFrom('trades')
      .select(['id', 'address_snapshot', 'payout_details'])
      .where('customer_id', '=', customerId)
      .execute();
    for (const trade of trades) {
      await trx
        .updateTable('trades')
        .set({
          customer_id: null,
          address_snapshot: anonymiseSnapshot(trade.address_snapshot),
          payout_details: anonymiseSnapshot(trade.payout_details),
          updated_at: now.toISOString(),
        })
        .where('id', '=', trade.id)
        .execute();
    }
    await trx
      .updateTable('offers')
      .set({ customer_id: null })
      .where('customer_id', '=', customerId)
      .execute();
    if (customer.email !== '') {
      await trx
        .updateTable('mail_log')
        .set({ recipient: 'deleted' })
        .where('recipient', '=', customer.email)
        .execute();
      await trx.deleteFrom('login_attempts').where('email', '=', customer.email).execute();
    }
    await trx.deleteFrom('customers').where('id', '=', customerId).execute();
    return true;
  });
}
