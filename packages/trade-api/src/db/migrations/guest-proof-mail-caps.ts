import type { Kysely } from 'kysely';
import { databaseDialect } from '../create-database.ts';
import { generatedId } from '../generated-id.ts';

/*
 * Guest checkouts (docs/trades.md, "Guest checkouts"):
 * - trade_mail_claims: one row per trade confirmation a guest checkout is about to mail, claimed
 *   before the trade is stored and counted with the claims before it, so the caps per recipient
 *   address (its SHA-256) and per client hold exactly with parallel checkouts and several API
 *   nodes. A refused or failed checkout removes its claim again.
 * - trade_mailbox_proofs: the one-time link in a guest's trade mail (only the token's SHA-256 is
 *   kept). Following it proves that whoever holds the mailbox the mail went to claims the trade;
 *   only then does the trade go into a customer account of that address. The checkout answer
 *   also gives the guest a one-time account claim (its SHA-256 in account_claim_hash): a
 *   registration with it and the same address binds the proof to the new account
 *   (claimed_by_customer_id), whose activation mail then proves the mailbox.
 */

/** Creates the claims of guest trade mails and the mailbox proofs of guest trades. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trade_mail_claims')
    .addColumn('id', 'integer', generatedId(databaseDialect(db)))
    .addColumn('recipient_key', 'text', (column) => column.notNull())
    .addColumn('client_address', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('trade_mail_claims_recipient_created')
    .on('trade_mail_claims')
    .columns(['recipient_key', 'created_at'])
    .execute();
  await db.schema
    .createIndex('trade_mail_claims_client_created')
    .on('trade_mail_claims')
    .columns(['client_address', 'created_at'])
    .execute();

  await db.schema
    .createTable('trade_mailbox_proofs')
    .addColumn('trade_id', 'integer', (column) =>
      column.primaryKey().references('trades.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('proven_at', 'text')
    .addColumn('account_claim_hash', 'text', (column) => column.unique())
    .addColumn('claimed_by_customer_id', 'text', (column) =>
      column.references('customers.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .createIndex('trade_mailbox_proofs_email')
    .on('trade_mailbox_proofs')
    .column('email')
    .execute();
}

/** Removes what {@link up} added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trade_mailbox_proofs').execute();
  await db.schema.dropTable('trade_mail_claims').execute();
}
