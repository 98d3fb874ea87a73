import type { Kysely } from 'kysely';

/*
 * A device's photo (docs/catalogue.md, "Images"): the key of a file in the catalogue photo
 * storage, null for a device that is drawn. A nullable column without default is added in
 * place on SQLite and PostgreSQL alike; the catalogue's image addresses stay as they are.
 */

/** Adds `devices.photo`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('devices').addColumn('photo', 'text').execute();
}

/** Removes what {@link up} added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('devices').dropColumn('photo').execute();
}
