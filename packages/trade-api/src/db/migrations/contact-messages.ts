import type { Kysely } from 'kysely';
import { databaseDialect } from '../create-database.ts';
import { generatedId } from '../generated-id.ts';

/*
 * The contact page's messages: who wrote about what and when, and the mail that carried the
 * message to the service team (its text is in the mail only). Counted for the per-sender and
 * per-client limits, across API nodes.
 */

/** Creates `contact_messages` with its indexes for the two limits. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'integer', generatedId(databaseDialect(db)))
    .addColumn('edition', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('sender_email', 'text', (column) => column.notNull())
    .addColumn('client_address', 'text', (column) => column.notNull())
    .addColumn('trade_number', 'text')
    .addColumn('mail_reference', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('contact_messages_sender_created')
    .on('contact_messages')
    .columns(['sender_email', 'created_at'])
    .execute();
  await db.schema
    .createIndex('contact_messages_client_created')
    .on('contact_messages')
    .columns(['client_address', 'created_at'])
    .execute();
}

/** Removes what {@link up} added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_messages').execute();
}
