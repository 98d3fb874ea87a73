import type { Kysely } from 'kysely';

/*
 * The selling company's VAT ID on a business trade (docs/trades.md, "B2B VAT ID"): normalised
 * (`DE123456789`), null for a consumer trade and for a business trade that gave none. A
 * nullable column without default is added in place on SQLite and PostgreSQL alike.
 */

/** Adds `trades.vat_id`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trades').addColumn('vat_id', 'text').execute();
}

/** Removes what {@link up} added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trades').dropColumn('vat_id').execute();
}
