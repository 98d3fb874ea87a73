import type { Kysely } from 'kysely';
import { databaseDialect } from '../create-database.ts';
import { generatedId } from '../generated-id.ts';

/*
 * Part of `0001_initial`: newsletter, tracking, rate limiting and the mail log.
 */

/** Newsletter, tracking, rate limiting and the mail log. */
export async function createServiceTables(db: Kysely<unknown>): Promise<void> {
  const dialect = databaseDialect(db);
  await db.schema
    .createTable('newsletter_subscriptions')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('edition', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('email_hash', 'text', (column) => column.notNull())
    .addColumn('confirm_token_hash', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addUniqueConstraint('newsletter_subscriptions_email_edition', ['email', 'edition'])
    .execute();
  await db.schema
    .createIndex('newsletter_subscriptions_hash')
    .on('newsletter_subscriptions')
    .column('email_hash')
    .execute();

  await db.schema
    .createTable('controlling_events')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('client_id', 'text', (column) => column.notNull())
    .addColumn('application_id', 'text', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('event_name', 'text', (column) => column.notNull())
    .addColumn('payload', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('client_ids')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('succeeded', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_email_created')
    .on('login_attempts')
    .columns(['email', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_attempts_ip_created')
    .on('login_attempts')
    .columns(['ip', 'created_at'])
    .execute();

  await db.schema
    .createTable('mail_log')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('recipient', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('transport', 'text', (column) => column.notNull())
    .addColumn('reference', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
}
