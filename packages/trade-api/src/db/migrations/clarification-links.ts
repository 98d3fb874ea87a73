import type { Kysely } from 'kysely';
import { databaseDialect } from '../create-database.ts';
import { generatedId } from '../generated-id.ts';

/*
 * Clarification links (docs/trades.md, "Clarification links"): the `{id}` of the page a
 * clarification mail links to is a random capability for one trade. Only its SHA-256 is kept
 * (token_hash), so a copy of the database opens no page; it works until expires_at, the expiry
 * of the revised offers it was mailed with. Every clarification mail gets a link of its own.
 */

/** Creates the table of clarification links. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('clarification_links')
    .addColumn('id', 'integer', generatedId(databaseDialect(db)))
    .addColumn('trade_id', 'integer', (column) =>
      column.notNull().references('trades.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('clarification_links_trade')
    .on('clarification_links')
    .column('trade_id')
    .execute();
}

/** Removes what {@link up} added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('clarification_links').execute();
}
