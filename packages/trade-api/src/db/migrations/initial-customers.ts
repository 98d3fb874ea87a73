import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { databaseDialect } from '../create-database.ts';
import { generatedId } from '../generated-id.ts';

/*
 * Part of `0001_initial`: customers, their tokens and their stored contact and payout data.
 */

/** A required reference to the owning customer; the customer's data goes with the customer. */
function customerReference(column: ColumnDefinitionBuilder): ColumnDefinitionBuilder {
  return column.notNull().references('customers.id').onDelete('cascade');
}

/** Customers, their login material and their stored contact and payout data. */
export async function createCustomerTables(db: Kysely<unknown>): Promise<void> {
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
