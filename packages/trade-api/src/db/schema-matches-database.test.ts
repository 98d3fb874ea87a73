import { sql, type Selectable } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseDialect, type TradeDb } from './create-database.ts';
import type { PageColumns, TradeDatabase } from './schema.ts';
import { testDatabases, useMigratedDatabase } from '../../test-kit/test-databases.ts';

/** Whether a column may hold null, as the Kysely type of its table says. */
type Nullability<Table> = {
  [Column in keyof Selectable<Table>]-?: null extends Selectable<Table>[Column]
    ? 'nullable'
    : 'not null';
};

/** The texts of a catalogue page, the same in its four page tables. */
const pageColumns: Nullability<PageColumns> = {
  edition: 'not null',
  name: 'not null',
  url: 'not null',
  content: 'not null',
  meta_description: 'not null',
  meta_keywords: 'not null',
};

/**
 * Every table and column of {@link TradeDatabase} with its nullability. The type checker holds
 * this object to the Kysely type (a column missing here, one too many, or the other
 * nullability, fails the typecheck); the test below holds it to what the migrations build.
 */
const schemaOfTheType: { [Table in keyof TradeDatabase]: Nullability<TradeDatabase[Table]> } = {
  addresses: {
    id: 'not null',
    customer_id: 'not null',
    salutation: 'not null',
    first_name: 'not null',
    last_name: 'not null',
    company: 'nullable',
    street: 'not null',
    house_number: 'not null',
    address_addition: 'nullable',
    zip: 'not null',
    city: 'not null',
    country: 'not null',
    created_at: 'not null',
    updated_at: 'not null',
  },
  answer_texts: {
    question_id: 'not null',
    answer_id: 'not null',
    edition: 'not null',
    text: 'not null',
  },
  answers: {
    question_id: 'not null',
    id: 'not null',
    code: 'not null',
    price_factor: 'not null',
    means_defective: 'not null',
    position: 'not null',
  },
  b2b_partners: {
    partner_key: 'not null',
    last_checkout_at: 'not null',
  },
  b2b_trades: {
    trade_id: 'not null',
    partner_key: 'not null',
    created_at: 'not null',
  },
  bank_accounts: {
    id: 'not null',
    customer_id: 'not null',
    account_holder: 'not null',
    iban: 'not null',
    bic: 'nullable',
    created_at: 'not null',
    updated_at: 'not null',
  },
  blobs: {
    key: 'not null',
    content_type: 'not null',
    bytes: 'not null',
    size_bytes: 'not null',
    created_at: 'not null',
  },
  catalogue_revisions: {
    id: 'not null',
    created_at: 'not null',
    note: 'not null',
    kind: 'not null',
    actor: 'not null',
    source: 'not null',
  },
  categories: {
    id: 'not null',
    key: 'not null',
    thumbnail: 'nullable',
    position: 'not null',
  },
  category_manufacturers: {
    category_id: 'not null',
    manufacturer_id: 'not null',
    top: 'not null',
    position: 'not null',
  },
  category_pages: { category_id: 'not null', ...pageColumns },
  checkout_idempotency_keys: {
    customer_id: 'not null',
    idempotency_key: 'not null',
    request_hash: 'not null',
    trade_id: 'nullable',
    sealed_response: 'nullable',
    locked_by: 'nullable',
    locked_until: 'nullable',
    created_at: 'not null',
  },
  clarification_links: {
    id: 'not null',
    trade_id: 'not null',
    token_hash: 'not null',
    created_at: 'not null',
    expires_at: 'not null',
  },
  clarifications: {
    id: 'not null',
    trade_id: 'not null',
    trade_item_id: 'not null',
    revised_offer_id: 'nullable',
    state: 'not null',
    created_at: 'not null',
    answered_at: 'nullable',
    reason: 'nullable',
  },
  client_ids: {
    id: 'not null',
    created_at: 'not null',
    last_seen_at: 'not null',
  },
  controlling_events: {
    id: 'not null',
    client_id: 'not null',
    application_id: 'not null',
    url: 'not null',
    event_name: 'not null',
    payload: 'not null',
    created_at: 'not null',
    event_key: 'nullable',
  },
  customer_payment_accounts: {
    id: 'not null',
    customer_id: 'not null',
    paypal_account_id: 'nullable',
    bank_account_id: 'nullable',
    payment_type: 'not null',
    is_primary: 'not null',
    created_at: 'not null',
  },
  customers: {
    id: 'not null',
    customer_number: 'not null',
    email: 'not null',
    salutation: 'nullable',
    first_name: 'not null',
    last_name: 'not null',
    company: 'nullable',
    locale: 'not null',
    edition: 'not null',
    password_hash: 'nullable',
    activated_at: 'nullable',
    is_guest: 'not null',
    created_at: 'not null',
    updated_at: 'not null',
  },
  device_pages: { device_id: 'not null', ...pageColumns },
  device_prices: {
    device_id: 'not null',
    edition: 'not null',
    base_price_cents: 'not null',
    recycling_price_cents: 'not null',
  },
  devices: {
    id: 'not null',
    category_id: 'not null',
    manufacturer_id: 'not null',
    series_id: 'not null',
    model: 'not null',
    model_key: 'not null',
    variant: 'not null',
    name: 'not null',
    search_terms: 'not null',
    release_year: 'not null',
    release_month: 'not null',
    image: 'nullable',
    thumbnail: 'nullable',
    photo: 'nullable',
    retired_at: 'nullable',
  },
  jobs: {
    id: 'not null',
    kind: 'not null',
    dedupe_key: 'not null',
    payload: 'not null',
    run_at: 'not null',
    attempts: 'not null',
    locked_by: 'nullable',
    locked_until: 'nullable',
    done_at: 'nullable',
    failed_at: 'nullable',
    last_error: 'nullable',
    created_at: 'not null',
  },
  node_settings: {
    name: 'not null',
    value: 'not null',
    updated_at: 'not null',
  },
  payout_batches: {
    id: 'not null',
    batch_number: 'not null',
    method: 'not null',
    state: 'not null',
    trade_count: 'not null',
    total_cents: 'not null',
    file_name: 'not null',
    file_content: 'not null',
    created_at: 'not null',
    created_by: 'not null',
    closed_at: 'nullable',
    closed_by: 'nullable',
  },
  payout_batch_trades: {
    batch_id: 'not null',
    trade_id: 'not null',
    amount_cents: 'not null',
    open: 'not null',
  },
  price_changes: {
    id: 'not null',
    revision_id: 'not null',
    device_id: 'not null',
    edition: 'not null',
    old_base_price_cents: 'nullable',
    new_base_price_cents: 'not null',
    old_recycling_price_cents: 'nullable',
    new_recycling_price_cents: 'not null',
  },
  staff: {
    id: 'not null',
    email: 'not null',
    name: 'nullable',
    locale: 'not null',
    password_hash: 'nullable',
    totp_secret: 'nullable',
    roles: 'not null',
    disabled_at: 'nullable',
    created_at: 'not null',
    updated_at: 'not null',
  },
  staff_verifications: {
    id: 'not null',
    type: 'not null',
    target: 'not null',
    token_hash: 'not null',
    expires_at: 'not null',
    used_at: 'nullable',
    created_at: 'not null',
  },
  staff_sessions: {
    id: 'not null',
    token_hash: 'not null',
    staff_id: 'not null',
    created_at: 'not null',
    last_seen_at: 'not null',
    expires_at: 'not null',
    ended_at: 'nullable',
  },
  audit_events: {
    id: 'not null',
    at: 'not null',
    actor: 'not null',
    actor_label: 'not null',
    action: 'not null',
    subject_type: 'not null',
    subject_id: 'not null',
    before: 'nullable',
    after: 'nullable',
    source: 'not null',
  },
  factor_changes: {
    id: 'not null',
    revision_id: 'not null',
    question_id: 'not null',
    answer_id: 'not null',
    old_price_factor: 'nullable',
    new_price_factor: 'not null',
  },
  login_attempts: {
    id: 'not null',
    email: 'not null',
    ip: 'not null',
    succeeded: 'not null',
    created_at: 'not null',
  },
  contact_messages: {
    id: 'not null',
    edition: 'not null',
    subject: 'not null',
    sender_email: 'not null',
    client_address: 'not null',
    trade_number: 'nullable',
    mail_reference: 'nullable',
    created_at: 'not null',
  },
  mail_log: {
    id: 'not null',
    kind: 'not null',
    recipient: 'not null',
    subject: 'not null',
    transport: 'not null',
    reference: 'nullable',
    error: 'nullable',
    created_at: 'not null',
  },
  manufacturer_pages: { manufacturer_id: 'not null', ...pageColumns },
  manufacturers: {
    id: 'not null',
    key: 'not null',
    thumbnail: 'nullable',
  },
  newsletter_subscriptions: {
    id: 'not null',
    email: 'not null',
    edition: 'not null',
    status: 'not null',
    email_hash: 'not null',
    confirm_token_hash: 'nullable',
    created_at: 'not null',
    updated_at: 'not null',
    source: 'nullable',
    confirm_expires_at: 'nullable',
    opt_in_sent_at: 'nullable',
    confirmed_at: 'nullable',
    unsubscribed_at: 'nullable',
    first_name: 'nullable',
    salutation: 'nullable',
    interests: 'not null',
  },
  offers: {
    id: 'not null',
    device_id: 'not null',
    edition: 'not null',
    answers: 'not null',
    price_cents: 'not null',
    is_recycling: 'not null',
    valid_until: 'not null',
    customer_id: 'nullable',
    created_at: 'not null',
  },
  one_time_tokens: {
    id: 'not null',
    customer_id: 'not null',
    purpose: 'not null',
    token_hash: 'not null',
    created_at: 'not null',
    expires_at: 'not null',
    used_at: 'nullable',
  },
  paypal_accounts: {
    id: 'not null',
    customer_id: 'not null',
    email: 'not null',
    created_at: 'not null',
    updated_at: 'not null',
  },
  people: {
    id: 'not null',
    customer_id: 'not null',
    address_id: 'nullable',
  },
  phone_contacts: {
    id: 'not null',
    customer_id: 'not null',
    phone: 'not null',
    type: 'not null',
    created_at: 'not null',
    updated_at: 'not null',
  },
  question_texts: {
    question_id: 'not null',
    edition: 'not null',
    question: 'not null',
    description: 'not null',
  },
  questions: {
    id: 'not null',
    category_id: 'not null',
    code: 'not null',
    position: 'not null',
  },
  rate_limit_counters: {
    scope: 'not null',
    client: 'not null',
    hits: 'not null',
    window_ends_at: 'not null',
  },
  refresh_tokens: {
    id: 'not null',
    customer_id: 'not null',
    token_hash: 'not null',
    family_id: 'not null',
    created_at: 'not null',
    expires_at: 'not null',
    revoked_at: 'nullable',
    rotated_at: 'nullable',
  },
  seller_photos: {
    id: 'not null',
    trade_id: 'not null',
    position: 'not null',
    storage_key: 'not null',
    content_type: 'not null',
    size_bytes: 'not null',
    width: 'not null',
    height: 'not null',
    created_at: 'not null',
  },
  series: {
    id: 'not null',
    key: 'not null',
    category_id: 'not null',
    manufacturer_id: 'not null',
    thumbnail: 'nullable',
    top: 'not null',
    position: 'not null',
  },
  series_pages: { series_id: 'not null', ...pageColumns },
  trade_events: {
    id: 'not null',
    trade_id: 'not null',
    status: 'not null',
    note: 'nullable',
    created_at: 'not null',
  },
  trade_mail_claims: {
    id: 'not null',
    recipient_key: 'not null',
    client_address: 'not null',
    created_at: 'not null',
  },
  trade_mailbox_proofs: {
    trade_id: 'not null',
    email: 'not null',
    token_hash: 'not null',
    created_at: 'not null',
    expires_at: 'not null',
    proven_at: 'nullable',
    account_claim_hash: 'nullable',
    claimed_by_customer_id: 'nullable',
  },
  trade_items: {
    id: 'not null',
    trade_id: 'not null',
    offer_id: 'not null',
    device_id: 'not null',
    device_name: 'not null',
    quantity: 'not null',
    price_cents: 'not null',
    revised_price_cents: 'nullable',
    inspection_findings: 'nullable',
    photo_path: 'nullable',
  },
  trades: {
    id: 'not null',
    trade_number: 'not null',
    customer_id: 'nullable',
    edition: 'not null',
    status: 'not null',
    address_snapshot: 'not null',
    payment_type: 'not null',
    payout_details: 'not null',
    voucher_code: 'nullable',
    total_cents: 'not null',
    is_b2b: 'not null',
    partner: 'nullable',
    shop_mode: 'not null',
    created_at: 'not null',
    updated_at: 'not null',
    voucher_bonus_cents: 'not null',
    vat_id: 'nullable',
  },
  vouchers: {
    code: 'not null',
    kind: 'not null',
    value: 'not null',
    min_total_cents: 'not null',
    editions: 'nullable',
    valid_from: 'not null',
    valid_until: 'nullable',
    created_at: 'not null',
    uses_per_customer: 'nullable',
  },
  voucher_uses: {
    voucher_code: 'not null',
    customer_key: 'not null',
    use_number: 'not null',
    trade_id: 'not null',
    created_at: 'not null',
  },
};

/**
 * The tables and columns a migrated database has, with their nullability. A primary key counts
 * as not null: SQLite reports `integer primary key` columns as nullable, yet they never are.
 */
async function schemaOfTheDatabase(db: TradeDb): Promise<Record<string, Record<string, string>>> {
  const schema: Record<string, Record<string, string>> = {};
  if (databaseDialect(db) === 'postgres') {
    const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
      select table_name, column_name, is_nullable from information_schema.columns
      where table_schema = current_schema() and table_name not like 'kysely_%'`.execute(db);
    for (const row of rows) {
      schema[row.table_name] ??= {};
      schema[row.table_name]![row.column_name] =
        row.is_nullable === 'YES' ? 'nullable' : 'not null';
    }
    return schema;
  }
  const tables = await db.introspection.getTables();
  for (const table of tables) {
    const { rows } = await sql<{ name: string; notnull: number; pk: number }>`
      select name, "notnull", pk from pragma_table_info(${table.name})`.execute(db);
    schema[table.name] = Object.fromEntries(
      rows.map((column) => [
        column.name,
        column.notnull === 1 || column.pk > 0 ? 'not null' : 'nullable',
      ]),
    );
  }
  return schema;
}

describe.each(testDatabases())('the database type on $name', (engine) => {
  const database = useMigratedDatabase(engine);

  // A migration without its type, or a type without its migration, fails here.
  it('has exactly the tables and columns the migrations build, with their nullability', async () => {
    const db = database();
    expect(await schemaOfTheDatabase(db)).toEqual(schemaOfTheType);
  });
});
