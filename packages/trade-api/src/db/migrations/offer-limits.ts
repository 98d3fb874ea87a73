import type { Kysely } from 'kysely';

/*
 * Limits on the public offer call (docs/trades.md, "Limits"):
 * - rate_limit_counters: one row per limited call and client, counting the calls of the current
 *   window; one upsert per call, so every API node on the same database counts together.
 * - offers_valid_until: lets the periodic clean-up find expired offers without reading them all.
 * - clarifications_revised_offer: the clean-up keeps offers a clarification points at.
 */

/** Creates the counter table and the indexes the offer clean-up reads. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('scope', 'text', (column) => column.notNull())
    .addColumn('client', 'text', (column) => column.notNull())
    .addColumn('hits', 'integer', (column) => column.notNull())
    .addColumn('window_ends_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('rate_limit_counters_pk', ['scope', 'client'])
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_window_ends')
    .on('rate_limit_counters')
    .column('window_ends_at')
    .execute();
  await db.schema.createIndex('offers_valid_until').on('offers').column('valid_until').execute();
  await db.schema
    .createIndex('clarifications_revised_offer')
    .on('clarifications')
    .column('revised_offer_id')
    .execute();
}

/** Removes what {@link up} added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('clarifications_revised_offer').execute();
  await db.schema.dropIndex('offers_valid_until').execute();
  await db.schema.dropTable('rate_limit_counters').execute();
}
