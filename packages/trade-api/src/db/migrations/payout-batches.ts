import { sql, type Kysely } from 'kysely';
import { databaseDialect } from '../create-database.ts';
import { generatedId } from '../generated-id.ts';

/*
 * Payout batches (docs/payouts.md): trades paid together through one bank or PayPal file. A
 * trade is in at most one open batch: its link row is `open` until the batch is confirmed or
 * cancelled, and a partial unique index (SQLite and PostgreSQL both have them) holds the rule.
 */

/** Adds `payout_batches` and `payout_batch_trades`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payout_batches')
    .addColumn('id', 'integer', generatedId(databaseDialect(db)))
    .addColumn('batch_number', 'text', (column) => column.notNull().unique())
    .addColumn('method', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('trade_count', 'integer', (column) => column.notNull())
    .addColumn('total_cents', 'integer', (column) => column.notNull())
    .addColumn('file_name', 'text', (column) => column.notNull())
    .addColumn('file_content', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('created_by', 'text', (column) => column.notNull())
    .addColumn('closed_at', 'text')
    .addColumn('closed_by', 'text')
    .execute();
  await db.schema
    .createTable('payout_batch_trades')
    .addColumn('batch_id', 'integer', (column) => column.notNull().references('payout_batches.id'))
    .addColumn('trade_id', 'integer', (column) => column.notNull().references('trades.id'))
    .addColumn('amount_cents', 'integer', (column) => column.notNull())
    .addColumn('open', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('payout_batch_trades_pk', ['batch_id', 'trade_id'])
    .execute();
  await sql`create unique index payout_batch_trades_one_open on payout_batch_trades (trade_id) where open = 1`.execute(
    db,
  );
}

/** Removes what {@link up} added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payout_batch_trades').execute();
  await db.schema.dropTable('payout_batches').execute();
}
