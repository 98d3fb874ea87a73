import type { Kysely } from 'kysely';
import { databaseDialect } from '../create-database.ts';
import { generatedId } from '../generated-id.ts';

/*
 * Part of `0001_initial`: offers, trades, their lines, events and clarifications.
 */

/** Offers, trades and what happens to them after checkout. */
export async function createTradeTables(db: Kysely<unknown>): Promise<void> {
  const dialect = databaseDialect(db);
  await db.schema
    .createTable('offers')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('device_id', 'integer', (column) => column.notNull().references('devices.id'))
    .addColumn('edition', 'text', (column) => column.notNull())
    .addColumn('answers', 'text', (column) => column.notNull())
    .addColumn('price_cents', 'integer', (column) => column.notNull())
    .addColumn('is_recycling', 'integer', (column) => column.notNull())
    .addColumn('valid_until', 'text', (column) => column.notNull())
    .addColumn('customer_id', 'text', (column) =>
      column.references('customers.id').onDelete('set null'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('trades')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('trade_number', 'text', (column) => column.notNull().unique())
    .addColumn('customer_id', 'text', (column) =>
      column.references('customers.id').onDelete('set null'),
    )
    .addColumn('edition', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('address_snapshot', 'text', (column) => column.notNull())
    .addColumn('payment_type', 'integer', (column) => column.notNull())
    .addColumn('payout_details', 'text', (column) => column.notNull())
    .addColumn('voucher_code', 'text')
    .addColumn('total_cents', 'integer', (column) => column.notNull())
    .addColumn('is_b2b', 'integer', (column) => column.notNull())
    .addColumn('partner', 'text')
    .addColumn('shop_mode', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('trades_customer_created')
    .on('trades')
    .columns(['customer_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('trade_items')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('trade_id', 'integer', (column) =>
      column.notNull().references('trades.id').onDelete('cascade'),
    )
    .addColumn('offer_id', 'text', (column) => column.notNull().unique().references('offers.id'))
    .addColumn('device_id', 'integer', (column) => column.notNull())
    .addColumn('device_name', 'text', (column) => column.notNull())
    .addColumn('quantity', 'integer', (column) => column.notNull())
    .addColumn('price_cents', 'integer', (column) => column.notNull())
    .addColumn('revised_price_cents', 'integer')
    .addColumn('inspection_findings', 'text')
    .addColumn('photo_path', 'text')
    .execute();
  await db.schema.createIndex('trade_items_trade').on('trade_items').column('trade_id').execute();

  await db.schema
    .createTable('trade_events')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('trade_id', 'integer', (column) =>
      column.notNull().references('trades.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('trade_events_trade').on('trade_events').column('trade_id').execute();

  await db.schema
    .createTable('clarifications')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('trade_id', 'integer', (column) =>
      column.notNull().references('trades.id').onDelete('cascade'),
    )
    .addColumn('trade_item_id', 'integer', (column) =>
      column.notNull().references('trade_items.id').onDelete('cascade'),
    )
    .addColumn('revised_offer_id', 'text', (column) => column.references('offers.id'))
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('answered_at', 'text')
    .execute();
  await db.schema
    .createIndex('clarifications_trade')
    .on('clarifications')
    .column('trade_id')
    .execute();
}
