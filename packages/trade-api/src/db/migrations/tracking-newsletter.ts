import type { Kysely } from 'kysely';

/*
 * Additions of the tracking and newsletter feature to `0001_initial`:
 * - newsletter_subscriptions: where a subscription came from, when its opt-in token expires,
 *   when the opt-in mail went out (throttles repeats), when it was confirmed or ended, and the
 *   details of the enrich page; the e-mail hash becomes unique (links name one subscription).
 * - controlling_events: a key of the event's content, to drop retried duplicates, and an index
 *   on (client_id, created_at) for the per-client rate limit.
 * SQLite adds one column per ALTER statement, so each column is its own statement.
 */

const subscriptionColumns = [
  'source',
  'confirm_expires_at',
  'opt_in_sent_at',
  'confirmed_at',
  'unsubscribed_at',
  'first_name',
  'salutation',
] as const;

/** Adds the columns and indexes of tracking and newsletter. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of subscriptionColumns) {
    await db.schema.alterTable('newsletter_subscriptions').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('newsletter_subscriptions')
    .addColumn('interests', 'text', (column) => column.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createIndex('newsletter_subscriptions_hash_unique')
    .on('newsletter_subscriptions')
    .column('email_hash')
    .unique()
    .execute();

  await db.schema.alterTable('controlling_events').addColumn('event_key', 'text').execute();
  await db.schema
    .createIndex('controlling_events_client_created')
    .on('controlling_events')
    .columns(['client_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('controlling_events_key')
    .on('controlling_events')
    .column('event_key')
    .execute();
}

/** Removes what {@link up} added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('controlling_events_key').execute();
  await db.schema.dropIndex('controlling_events_client_created').execute();
  await db.schema.alterTable('controlling_events').dropColumn('event_key').execute();
  await db.schema.dropIndex('newsletter_subscriptions_hash_unique').execute();
  for (const column of [...subscriptionColumns, 'interests']) {
    await db.schema.alterTable('newsletter_subscriptions').dropColumn(column).execute();
  }
}
