import type { Kysely } from 'kysely';

/*
 * Settings every node of one database must agree on (docs/deployment.md, "A node refuses a
 * broken cluster"): today the keyed fingerprint of the token secret, written by the first node
 * that starts on PostgreSQL and compared by every later one.
 */

/** Adds `node_settings`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('node_settings')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
}

/** Removes what {@link up} added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('node_settings').execute();
}
