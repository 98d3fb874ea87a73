import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import {
  Migrator,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely/migration';
import { databaseDialect, type TradeDb } from './create-database.ts';
import { generatedId } from './generated-id.ts';
import {
  up as contactMessagesUp,
  down as contactMessagesDown,
} from './migrations/contact-messages.ts';
import {
  up as guestProofMailCapsUp,
  down as guestProofMailCapsDown,
} from './migrations/guest-proof-mail-caps.ts';
import {
  up as trackingNewsletterUp,
  down as trackingNewsletterDown,
} from './migrations/tracking-newsletter.ts';
import {
  up as clarificationLinksUp,
  down as clarificationLinksDown,
} from './migrations/clarification-links.ts';
import { up as offerLimitsUp, down as offerLimitsDown } from './migrations/offer-limits.ts';
import { up as sellerPhotosUp, down as sellerPhotosDown } from './migrations/seller-photos.ts';
import { up as jobsUp, down as jobsDown } from './migrations/jobs.ts';
import { up as tradesUp, down as tradesDown } from './migrations/trades.ts';
import { up as voucherUsesUp, down as voucherUsesDown } from './migrations/voucher-uses.ts';

/*
 * One migration set for SQLite and PostgreSQL, written with Kysely's schema builder. The only
 * place the dialects differ is the generated integer key (`autoincrement` vs identity); every
 * other column uses types both understand: integer, text, double precision. Migrations live in
 * code (no file globbing) so a bundled server carries them.
 */

type AnyTable = CreateTableBuilder<string, string>;

/** Name, url and texts of a catalogue page in one edition, keyed by its owner and edition. */
function pageColumns(table: AnyTable, owner: string, ownerTable: string): AnyTable {
  return table
    .addColumn(owner, 'integer', (column) =>
      column.notNull().references(`${ownerTable}.id`).onDelete('cascade'),
    )
    .addColumn('edition', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('meta_description', 'text', (column) => column.notNull())
    .addColumn('meta_keywords', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint(`${ownerTable}_pages_pk`, [owner, 'edition'])
    .addUniqueConstraint(`${ownerTable}_pages_url_unique`, ['edition', 'url']);
}

/** The catalogue: entries with integer ids given by the catalogue source, texts per edition. */
async function createCatalogueTables(db: Kysely<unknown>): Promise<void> {
  const dialect = databaseDialect(db);
  await db.schema
    .createTable('catalogue_revisions')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('note', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('key', 'text', (column) => column.notNull().unique())
    .addColumn('thumbnail', 'text')
    .addColumn('position', 'integer', (column) => column.notNull())
    .execute();
  await pageColumns(db.schema.createTable('category_pages'), 'category_id', 'categories').execute();

  await db.schema
    .createTable('manufacturers')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('key', 'text', (column) => column.notNull().unique())
    .addColumn('thumbnail', 'text')
    .execute();
  await pageColumns(
    db.schema.createTable('manufacturer_pages'),
    'manufacturer_id',
    'manufacturers',
  ).execute();

  await db.schema
    .createTable('category_manufacturers')
    .addColumn('category_id', 'integer', (column) =>
      column.notNull().references('categories.id').onDelete('cascade'),
    )
    .addColumn('manufacturer_id', 'integer', (column) =>
      column.notNull().references('manufacturers.id').onDelete('cascade'),
    )
    .addColumn('top', 'integer', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('category_manufacturers_pk', ['category_id', 'manufacturer_id'])
    .execute();

  await db.schema
    .createTable('series')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('category_id', 'integer', (column) =>
      column.notNull().references('categories.id').onDelete('cascade'),
    )
    .addColumn('manufacturer_id', 'integer', (column) =>
      column.notNull().references('manufacturers.id').onDelete('cascade'),
    )
    .addColumn('thumbnail', 'text')
    .addColumn('top', 'integer', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('series_category_manufacturer')
    .on('series')
    .columns(['category_id', 'manufacturer_id'])
    .execute();
  await pageColumns(db.schema.createTable('series_pages'), 'series_id', 'series').execute();

  await db.schema
    .createTable('devices')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('category_id', 'integer', (column) =>
      column.notNull().references('categories.id').onDelete('cascade'),
    )
    .addColumn('manufacturer_id', 'integer', (column) =>
      column.notNull().references('manufacturers.id').onDelete('cascade'),
    )
    .addColumn('series_id', 'integer', (column) =>
      column.notNull().references('series.id').onDelete('cascade'),
    )
    .addColumn('model', 'text', (column) => column.notNull())
    .addColumn('model_key', 'text', (column) => column.notNull())
    .addColumn('variant', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('search_terms', 'text', (column) => column.notNull())
    .addColumn('release_year', 'integer', (column) => column.notNull())
    .addColumn('release_month', 'integer', (column) => column.notNull())
    .addColumn('image', 'text')
    .addColumn('thumbnail', 'text')
    .execute();
  await db.schema.createIndex('devices_series').on('devices').column('series_id').execute();
  await db.schema.createIndex('devices_model_key').on('devices').column('model_key').execute();
  await pageColumns(db.schema.createTable('device_pages'), 'device_id', 'devices').execute();
  await db.schema
    .createTable('device_prices')
    .addColumn('device_id', 'integer', (column) =>
      column.notNull().references('devices.id').onDelete('cascade'),
    )
    .addColumn('edition', 'text', (column) => column.notNull())
    .addColumn('base_price_cents', 'integer', (column) => column.notNull())
    .addColumn('recycling_price_cents', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('device_prices_pk', ['device_id', 'edition'])
    .execute();

  await db.schema
    .createTable('questions')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('category_id', 'integer', (column) =>
      column.notNull().references('categories.id').onDelete('cascade'),
    )
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('questions_category').on('questions').column('category_id').execute();
  await db.schema
    .createTable('question_texts')
    .addColumn('question_id', 'integer', (column) =>
      column.notNull().references('questions.id').onDelete('cascade'),
    )
    .addColumn('edition', 'text', (column) => column.notNull())
    .addColumn('question', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('question_texts_pk', ['question_id', 'edition'])
    .execute();
  // Answer ids are unique within their question (the catalogue model promises no more).
  await db.schema
    .createTable('answers')
    .addColumn('question_id', 'integer', (column) =>
      column.notNull().references('questions.id').onDelete('cascade'),
    )
    .addColumn('id', 'integer', (column) => column.notNull())
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('price_factor', 'double precision', (column) => column.notNull())
    .addColumn('means_defective', 'integer', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('answers_pk', ['question_id', 'id'])
    .execute();
  await db.schema
    .createTable('answer_texts')
    .addColumn('question_id', 'integer', (column) => column.notNull())
    .addColumn('answer_id', 'integer', (column) => column.notNull())
    .addColumn('edition', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('answer_texts_pk', ['question_id', 'answer_id', 'edition'])
    .addForeignKeyConstraint(
      'answer_texts_answer_fk',
      ['question_id', 'answer_id'],
      'answers',
      ['question_id', 'id'],
      (constraint) => constraint.onDelete('cascade'),
    )
    .execute();
}

/** A required reference to the owning customer; the customer's data goes with the customer. */
function customerReference(column: ColumnDefinitionBuilder): ColumnDefinitionBuilder {
  return column.notNull().references('customers.id').onDelete('cascade');
}

/** Customers, their login material and their stored contact and payout data. */
async function createCustomerTables(db: Kysely<unknown>): Promise<void> {
  const dialect = databaseDialect(db);

  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('customer_number', 'text', (column) => column.notNull().unique())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('salutation', 'text')
    .addColumn('first_name', 'text', (column) => column.notNull())
    .addColumn('last_name', 'text', (column) => column.notNull())
    .addColumn('company', 'text')
    .addColumn('locale', 'text', (column) => column.notNull())
    .addColumn('edition', 'text', (column) => column.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('activated_at', 'text')
    .addColumn('is_guest', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  // One registered account per address; guests may check out again with the same address.
  await db.schema
    .createIndex('customers_registered_email')
    .on('customers')
    .column('email')
    .unique()
    .where(sql.ref('is_guest'), '=', 0)
    .execute();
  await db.schema.createIndex('customers_email').on('customers').column('email').execute();

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('customer_id', 'text', customerReference)
    .addColumn('salutation', 'text', (column) => column.notNull())
    .addColumn('first_name', 'text', (column) => column.notNull())
    .addColumn('last_name', 'text', (column) => column.notNull())
    .addColumn('company', 'text')
    .addColumn('street', 'text', (column) => column.notNull())
    .addColumn('house_number', 'text', (column) => column.notNull())
    .addColumn('address_addition', 'text')
    .addColumn('zip', 'text', (column) => column.notNull())
    .addColumn('city', 'text', (column) => column.notNull())
    .addColumn('country', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('people')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('customer_id', 'text', (column) =>
      column.notNull().unique().references('customers.id').onDelete('cascade'),
    )
    .addColumn('address_id', 'integer', (column) =>
      column.references('addresses.id').onDelete('set null'),
    )
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('customer_id', 'text', customerReference)
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('family_id', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('rotated_at', 'text')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_family')
    .on('refresh_tokens')
    .column('family_id')
    .execute();

  await db.schema
    .createTable('one_time_tokens')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('customer_id', 'text', customerReference)
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('bank_accounts')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('customer_id', 'text', customerReference)
    .addColumn('account_holder', 'text', (column) => column.notNull())
    .addColumn('iban', 'text', (column) => column.notNull())
    .addColumn('bic', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('paypal_accounts')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('customer_id', 'text', customerReference)
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('customer_payment_accounts')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('customer_id', 'text', customerReference)
    .addColumn('paypal_account_id', 'integer', (column) =>
      column.references('paypal_accounts.id').onDelete('cascade'),
    )
    .addColumn('bank_account_id', 'integer', (column) =>
      column.references('bank_accounts.id').onDelete('cascade'),
    )
    .addColumn('payment_type', 'text', (column) => column.notNull())
    .addColumn('is_primary', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('phone_contacts')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('customer_id', 'text', customerReference)
    .addColumn('phone', 'text', (column) => column.notNull())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  for (const table of [
    'addresses',
    'bank_accounts',
    'paypal_accounts',
    'customer_payment_accounts',
    'phone_contacts',
    'one_time_tokens',
  ]) {
    await db.schema.createIndex(`${table}_customer`).on(table).column('customer_id').execute();
  }
}

/** Offers, trades and what happens to them after checkout. */
async function createTradeTables(db: Kysely<unknown>): Promise<void> {
  const dialect = databaseDialect(db);
  await db.schema
    .createTable('offers')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('device_id', 'integer', (column) => column.notNull().references('devices.id'))
    .addColumn('edition', 'text', (column) => column.notNull())
    .addColumn('answers', 'text', (column) => column.notNull())
    .addColumn('price_cents', 'integer', (column) => column.notNull())
    .addColumn('is_recycling', 'integer', (column) => column.notNull())
    .addColumn('valid_until', 'text', (column) => column.notNull())
    .addColumn('customer_id', 'text', (column) =>
      column.references('customers.id').onDelete('set null'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('trades')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('trade_number', 'text', (column) => column.notNull().unique())
    .addColumn('customer_id', 'text', (column) =>
      column.references('customers.id').onDelete('set null'),
    )
    .addColumn('edition', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('address_snapshot', 'text', (column) => column.notNull())
    .addColumn('payment_type', 'integer', (column) => column.notNull())
    .addColumn('payout_details', 'text', (column) => column.notNull())
    .addColumn('voucher_code', 'text')
    .addColumn('total_cents', 'integer', (column) => column.notNull())
    .addColumn('is_b2b', 'integer', (column) => column.notNull())
    .addColumn('partner', 'text')
    .addColumn('shop_mode', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('trades_customer_created')
    .on('trades')
    .columns(['customer_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('trade_items')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('trade_id', 'integer', (column) =>
      column.notNull().references('trades.id').onDelete('cascade'),
    )
    .addColumn('offer_id', 'text', (column) => column.notNull().unique().references('offers.id'))
    .addColumn('device_id', 'integer', (column) => column.notNull())
    .addColumn('device_name', 'text', (column) => column.notNull())
    .addColumn('quantity', 'integer', (column) => column.notNull())
    .addColumn('price_cents', 'integer', (column) => column.notNull())
    .addColumn('revised_price_cents', 'integer')
    .addColumn('inspection_findings', 'text')
    .addColumn('photo_path', 'text')
    .execute();
  await db.schema.createIndex('trade_items_trade').on('trade_items').column('trade_id').execute();

  await db.schema
    .createTable('trade_events')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('trade_id', 'integer', (column) =>
      column.notNull().references('trades.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('trade_events_trade').on('trade_events').column('trade_id').execute();

  await db.schema
    .createTable('clarifications')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('trade_id', 'integer', (column) =>
      column.notNull().references('trades.id').onDelete('cascade'),
    )
    .addColumn('trade_item_id', 'integer', (column) =>
      column.notNull().references('trade_items.id').onDelete('cascade'),
    )
    .addColumn('revised_offer_id', 'text', (column) => column.references('offers.id'))
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('answered_at', 'text')
    .execute();
  await db.schema
    .createIndex('clarifications_trade')
    .on('clarifications')
    .column('trade_id')
    .execute();
}

/** Newsletter, tracking, rate limiting and the mail log. */
async function createServiceTables(db: Kysely<unknown>): Promise<void> {
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

/** Every migration, by name; names sort in the order they run. */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001_initial': {
    async up(db) {
      await createCatalogueTables(db);
      await createCustomerTables(db);
      await createTradeTables(db);
      await createServiceTables(db);
    },
  },
  '0002_trades': { up: tradesUp, down: tradesDown },
  '0003_tracking_newsletter': { up: trackingNewsletterUp, down: trackingNewsletterDown },
  '0004_contact_messages': { up: contactMessagesUp, down: contactMessagesDown },
  '0006_guest_proof_mail_caps': { up: guestProofMailCapsUp, down: guestProofMailCapsDown },
  '0007_offer_limits': { up: offerLimitsUp, down: offerLimitsDown },
  '0008_voucher_uses': { up: voucherUsesUp, down: voucherUsesDown },
  '0009_clarification_links': { up: clarificationLinksUp, down: clarificationLinksDown },
  '0010_seller_photos': { up: sellerPhotosUp, down: sellerPhotosDown },
  '0011_jobs': { up: jobsUp, down: jobsDown },
};

/** Serves {@link migrations} to Kysely's migrator without reading the file system. */
const inCodeMigrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve({ ...migrations }),
};

/** Brings the schema to the newest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: TradeDb): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: inCodeMigrationProvider });
  const resultSet = await migrator.migrateToLatest();
  if (resultSet.error !== undefined) {
    const failed = resultSet.results?.find((result) => result.status === 'Error');
    const reason =
      resultSet.error instanceof Error ? resultSet.error.message : String(resultSet.error);
    throw new Error(`Migration ${failed?.migrationName ?? '(setup)'} failed: ${reason}`, {
      cause: resultSet.error,
    });
  }
  return resultSet;
}
