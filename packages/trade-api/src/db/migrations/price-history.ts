import { sql, type Kysely } from 'kysely';
import { databaseDialect } from '../create-database.ts';
import { generatedId } from '../generated-id.ts';

/*
 * Catalogue and prices as data that operators change while the nodes run (docs/catalogue.md,
 * "Prices"): every change is a row of `catalogue_revisions` (what kind, who, from which command
 * or screen), the nodes reload when a newer revision appears, and the price and factor changes
 * of a revision are kept with their old and new values. A retired device keeps its rows (offers
 * and trades refer to it) and takes no new offers.
 */

/** Adds the revision's kind and origin, the change history tables and `devices.retired_at`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = databaseDialect(db);
  await db.schema
    .alterTable('catalogue_revisions')
    .addColumn('kind', 'text', (column) => column.notNull().defaultTo('seed'))
    .execute();
  await db.schema
    .alterTable('catalogue_revisions')
    .addColumn('actor', 'text', (column) => column.notNull().defaultTo('seed'))
    .execute();
  await db.schema
    .alterTable('catalogue_revisions')
    .addColumn('source', 'text', (column) => column.notNull().defaultTo('seed'))
    .execute();

  // The history is append-only and written in the transaction of its revision, by code that
  // read the device first; devices and revisions are never deleted. Foreign keys would check
  // each history row again: 2 of the 7 s that importing 250,000 prices took on PostgreSQL.
  await db.schema
    .createTable('price_changes')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('revision_id', 'integer', (column) => column.notNull())
    .addColumn('device_id', 'integer', (column) => column.notNull())
    .addColumn('edition', 'text', (column) => column.notNull())
    .addColumn('old_base_price_cents', 'integer')
    .addColumn('new_base_price_cents', 'integer', (column) => column.notNull())
    .addColumn('old_recycling_price_cents', 'integer')
    .addColumn('new_recycling_price_cents', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('price_changes_device')
    .on('price_changes')
    .columns(['device_id', 'edition', 'revision_id'])
    .execute();
  await db.schema
    .createIndex('price_changes_revision')
    .on('price_changes')
    .column('revision_id')
    .execute();

  await db.schema
    .createTable('factor_changes')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('revision_id', 'integer', (column) =>
      column.notNull().references('catalogue_revisions.id'),
    )
    .addColumn('question_id', 'integer', (column) => column.notNull())
    .addColumn('answer_id', 'integer', (column) => column.notNull())
    .addColumn('old_price_factor', 'double precision')
    .addColumn('new_price_factor', 'double precision', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('factor_changes_answer')
    .on('factor_changes')
    .columns(['question_id', 'answer_id', 'revision_id'])
    .execute();

  await db.schema.alterTable('devices').addColumn('retired_at', 'text').execute();

  // A database seeded before this migration: its prices and factors become the first entries of
  // the history, under one revision, so every stored price has an origin.
  const stored = await sql<{
    count: number | string;
  }>`select count(*) as count from device_prices`.execute(db);
  if (Number(stored.rows[0]?.count ?? 0) === 0) return;
  const now = new Date().toISOString();
  await sql`insert into catalogue_revisions (created_at, note, kind, actor, source)
    values (${now}, ${'price list and factors as stored before price history'}, ${'prices'}, ${'migration'}, ${'0017_price_history'})`.execute(
    db,
  );
  const revision = await sql<{ id: number }>`select max(id) as id from catalogue_revisions`.execute(
    db,
  );
  const revisionId = Number(revision.rows[0]?.id);
  await sql`insert into price_changes (revision_id, device_id, edition, old_base_price_cents,
      new_base_price_cents, old_recycling_price_cents, new_recycling_price_cents)
    select ${revisionId}, device_id, edition, null, base_price_cents, null, recycling_price_cents
    from device_prices`.execute(db);
  await sql`insert into factor_changes (revision_id, question_id, answer_id, old_price_factor, new_price_factor)
    select ${revisionId}, question_id, id, null, price_factor from answers`.execute(db);
}

/** Removes what {@link up} added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('devices').dropColumn('retired_at').execute();
  await db.schema.dropTable('factor_changes').execute();
  await db.schema.dropTable('price_changes').execute();
  await db.schema.alterTable('catalogue_revisions').dropColumn('source').execute();
  await db.schema.alterTable('catalogue_revisions').dropColumn('actor').execute();
  await db.schema.alterTable('catalogue_revisions').dropColumn('kind').execute();
}
