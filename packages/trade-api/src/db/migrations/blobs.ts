import type { Kysely } from 'kysely';
import { databaseDialect } from '../create-database.ts';

/*
 * The shared file store in the database (docs/files.md): one row per file, by key (e.g.
 * `seller-photos/t-2026-000123/1/<uuid>.jpg`), with its content type and bytes. On PostgreSQL
 * the bytes are `bytea`, and this table is where every node keeps and finds the files unless S3
 * is configured. SQLite gets the same table with a `blob` column so the schema is one; a SQLite
 * installation keeps its files in the data folder and leaves the table empty.
 */

/** Creates the `blobs` table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blobs')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('bytes', databaseDialect(db) === 'postgres' ? 'bytea' : 'blob', (column) =>
      column.notNull(),
    )
    .addColumn('size_bytes', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
}

/** Removes what {@link up} added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blobs').execute();
}
