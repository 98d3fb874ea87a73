import type { Kysely } from 'kysely';

/*
 * Idempotent checkouts (docs/trades.md, "Retries and the Idempotency-Key"):
 * - checkout_idempotency_keys: one row per customer and `Idempotency-Key`. A checkout claims its
 *   key first (locked_by/locked_until: the lease of the request running it, so a retry meanwhile
 *   is told to wait and a dead node's claim lapses); the checkout's own transaction then fills in
 *   the trade and the sealed answer, so a stored trade and its answer commit together. A failed
 *   checkout removes its row. request_hash refuses the key for another request.
 * - the primary key (customer, key) keeps each customer's keys apart and makes one claim win on
 *   every node; created_at ends the key's 24 hours and lets the clean-up find old rows.
 */

/** Creates the table of checkout idempotency keys. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('checkout_idempotency_keys')
    .addColumn('customer_id', 'text', (column) =>
      column.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('idempotency_key', 'text', (column) => column.notNull())
    .addColumn('request_hash', 'text', (column) => column.notNull())
    .addColumn('trade_id', 'integer', (column) =>
      column.references('trades.id').onDelete('cascade'),
    )
    .addColumn('sealed_response', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('checkout_idempotency_keys_pk', ['customer_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('checkout_idempotency_keys_created')
    .on('checkout_idempotency_keys')
    .column('created_at')
    .execute();
}

/** Removes what {@link up} added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('checkout_idempotency_keys').execute();
}
