import { sql, type Kysely } from 'kysely';
import { databaseDialect } from '../create-database.ts';

/*
 * Indexes of the back office's trades queue (docs/trades.md, "The trades queue"): no columns,
 * only indexes, so nothing that writes trades or customers changes.
 * - The lists: one index per filter that leads (status, edition, shop mode, partner) ending in
 *   `created_at`, so a tab is read newest or oldest first from the index and its count is
 *   counted in it; `created_at` and `total_cents` alone for the unfiltered list and its sorts.
 * - The search: beginnings of trade numbers, e-mail addresses and lower-cased names. SQLite
 *   compares text bytewise, so a prefix is a range of the plain (or expression) index. A
 *   PostgreSQL index follows the database's collation, in which a prefix is no range; there the
 *   search is `LIKE 'prefix%'` on `text_pattern_ops` indexes, which compare character codes.
 */

/** The indexes both databases build alike: name, table, columns. */
const sharedIndexes: readonly (readonly [string, string, readonly string[]])[] = [
  ['trades_status_created', 'trades', ['status', 'created_at']],
  ['trades_created', 'trades', ['created_at']],
  ['trades_edition_status_created', 'trades', ['edition', 'status', 'created_at']],
  ['trades_mode_status_created', 'trades', ['shop_mode', 'status', 'created_at']],
  ['trades_partner_created', 'trades', ['partner', 'created_at']],
  ['trades_status_total', 'trades', ['status', 'total_cents']],
  ['trades_total', 'trades', ['total_cents']],
];

/** Adds the queue's indexes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of sharedIndexes) {
    await db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns])
      .execute();
  }
  if (databaseDialect(db) === 'postgres') {
    await sql`create index trades_number_pattern on trades (trade_number text_pattern_ops)`.execute(
      db,
    );
    await sql`create index customers_email_pattern on customers (email text_pattern_ops)`.execute(
      db,
    );
    await sql`create index customers_first_name_lower on customers (lower(first_name) text_pattern_ops)`.execute(
      db,
    );
    await sql`create index customers_last_name_lower on customers (lower(last_name) text_pattern_ops)`.execute(
      db,
    );
  } else {
    // The unique index of `trade_number` and `customers_email` serve the ranges already.
    await db.schema
      .createIndex('customers_first_name_lower')
      .on('customers')
      .expression(sql`lower(first_name)`)
      .execute();
    await db.schema
      .createIndex('customers_last_name_lower')
      .on('customers')
      .expression(sql`lower(last_name)`)
      .execute();
  }
}

/** Removes what {@link up} added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const names = [
    ...sharedIndexes.map(([name]) => name),
    'customers_first_name_lower',
    'customers_last_name_lower',
    ...(databaseDialect(db) === 'postgres'
      ? ['trades_number_pattern', 'customers_email_pattern']
      : []),
  ];
  for (const name of names) await db.schema.dropIndex(name).execute();
}
