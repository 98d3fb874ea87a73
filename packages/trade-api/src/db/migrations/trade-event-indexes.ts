import type { Kysely } from 'kysely';

/*
 * Indexes of the back office's overview and payouts list (docs/trades.md, "The overview";
 * docs/payouts.md, "Back-office calls"): no columns, so nothing that writes trade events changes.
 * - `(status, created_at, trade_id)`: the trades that reached a status within a time range (today's
 *   received, inspected and paid trades; the payouts of the last 30 days) are one range of it.
 * - `(trade_id, status, created_at)`: a trade's latest event of a status (its acceptance, which
 *   the payout promise counts from) and its first receipt are one lookup each.
 */

/** The indexes: name and columns. */
const indexes: readonly (readonly [string, readonly string[]])[] = [
  ['trade_events_status_created', ['status', 'created_at', 'trade_id']],
  ['trade_events_trade_status', ['trade_id', 'status', 'created_at']],
];

/** Adds the indexes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of indexes) {
    await db.schema
      .createIndex(name)
      .on('trade_events')
      .columns([...columns])
      .execute();
  }
}

/** Removes what {@link up} added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of indexes) await db.schema.dropIndex(name).execute();
}
