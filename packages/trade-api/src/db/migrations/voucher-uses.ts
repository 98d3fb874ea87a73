import type { Kysely } from 'kysely';

/*
 * Business rules of checkout that hold across trades (docs/trades.md):
 * - vouchers.uses_per_customer: how often one customer may use a voucher (1 by default, null
 *   for no limit); voucher_uses holds one row per use, numbered per voucher and customer, so the
 *   unique key lets only one of two parallel checkouts take the same use.
 * - b2b_partners: one row per business seller, which every business checkout of that seller
 *   updates inside its transaction, so those checkouts run one after the other and each sees
 *   the trades before it; b2b_trades books each business trade to its seller for the cap over
 *   the rolling period.
 * Customers and partners are keyed by the SHA-256 of their lower-case e-mail address.
 */

/** Adds the per-customer voucher limit and the tables of voucher uses and business trades. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('vouchers')
    .addColumn('uses_per_customer', 'integer', (column) => column.defaultTo(1))
    .execute();
  await db.schema
    .createTable('voucher_uses')
    .addColumn('voucher_code', 'text', (column) =>
      column.notNull().references('vouchers.code').onDelete('cascade'),
    )
    .addColumn('customer_key', 'text', (column) => column.notNull())
    .addColumn('use_number', 'integer', (column) => column.notNull())
    .addColumn('trade_id', 'integer', (column) =>
      column.notNull().references('trades.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('voucher_uses_pk', ['voucher_code', 'customer_key', 'use_number'])
    .execute();
  await db.schema.createIndex('voucher_uses_trade').on('voucher_uses').column('trade_id').execute();

  await db.schema
    .createTable('b2b_partners')
    .addColumn('partner_key', 'text', (column) => column.primaryKey())
    .addColumn('last_checkout_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('b2b_trades')
    .addColumn('trade_id', 'integer', (column) =>
      column.primaryKey().references('trades.id').onDelete('cascade'),
    )
    .addColumn('partner_key', 'text', (column) =>
      column.notNull().references('b2b_partners.partner_key'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('b2b_trades_partner_created')
    .on('b2b_trades')
    .columns(['partner_key', 'created_at'])
    .execute();
}

/** Removes what {@link up} added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('b2b_trades').execute();
  await db.schema.dropTable('b2b_partners').execute();
  await db.schema.dropTable('voucher_uses').execute();
  await db.schema.alterTable('vouchers').dropColumn('uses_per_customer').execute();
}
