import type { Generated } from 'kysely';

/**
 * The tables of the trade API, as Kysely sees them. The same columns exist on SQLite and
 * PostgreSQL: timestamps are ISO 8601 strings in UTC with milliseconds (`toISOString()`), so they
 * sort and compare as text; flags are integers 0/1 (SQLite has no boolean and better-sqlite3
 * cannot bind one); JSON is text; money is integer euro cents.
 */

/** An ISO 8601 UTC timestamp as written by `Date.prototype.toISOString`. */
export type Timestamp = string;
/** 0 or 1. */
export type Flag = 0 | 1;

/** The texts of one catalogue page in one edition (categories, manufacturers, series, devices). */
export interface PageColumns {
  edition: string;
  name: string;
  url: string;
  content: string;
  meta_description: string;
  meta_keywords: string;
}

/** What a catalogue revision changed: the first seed, prices or factors, or catalogue entries. */
export type CatalogueRevisionKind = 'seed' | 'prices' | 'catalogue';

/** One change of catalogue or prices, in the order made (migration `0017_price_history`). */
export interface CatalogueRevisionsTable {
  id: Generated<number>;
  created_at: Timestamp;
  note: string;
  /** A {@link CatalogueRevisionKind}: a node reloads prices only, or the whole catalogue. */
  kind: string;
  /** Who made it: `seed`, `migration`, `ops:<user>` for the command line, a staff member. */
  actor: string;
  /** The command line or screen it came from, e.g. `prices import prices.csv`. */
  source: string;
}

/** A member of the back-office staff (migration `0018_staff`, docs/staff.md). */
export interface StaffTable {
  /** A UUID. */
  id: string;
  /** Lower-case. */
  email: string;
  name: string | null;
  /** `en` or `de`: the back office's language for this person. */
  locale: string;
  /** argon2id; null until the invitation is accepted. */
  password_hash: string | null;
  /** Base32 TOTP secret; null until enrolled; never answered after enrolment. */
  totp_secret: string | null;
  /** JSON array of `admin`, `inspector`, `payouts`, `pricing`. */
  roles: string;
  disabled_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A one-time verification of a staff member, e.g. an invitation; only the token's SHA-256 is kept. */
export interface StaffVerificationsTable {
  id: Generated<number>;
  /** `invitation`, `totp_code` (a used second-factor code's step); password resets later. */
  type: string;
  /** The staff member's id. */
  target: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** A server-side staff session; the cookie holds the token, the row its SHA-256. */
export interface StaffSessionsTable {
  id: Generated<number>;
  token_hash: string;
  staff_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** The session's absolute end, whatever its activity. */
  expires_at: Timestamp;
  ended_at: Timestamp | null;
}

/** One entry of the append-only audit log: who changed what, with before and after (JSON). */
export interface AuditEventsTable {
  id: Generated<number>;
  at: Timestamp;
  /** `staff:<id>`, `ops:<login>`, `seller`, … */
  actor: string;
  /** The actor's e-mail address or login at the time. */
  actor_label: string;
  action: string;
  subject_type: string;
  subject_id: string;
  before: string | null;
  after: string | null;
  /** The command line or screen. */
  source: string;
}

/** The prices of one device in one edition as one revision changed them; old null = first price. */
export interface PriceChangesTable {
  id: Generated<number>;
  revision_id: number;
  device_id: number;
  edition: string;
  old_base_price_cents: number | null;
  new_base_price_cents: number;
  old_recycling_price_cents: number | null;
  new_recycling_price_cents: number;
}

/** The price factor of one answer as one revision changed it; old null = first factor. */
export interface FactorChangesTable {
  id: Generated<number>;
  revision_id: number;
  question_id: number;
  answer_id: number;
  old_price_factor: number | null;
  new_price_factor: number;
}

export interface CategoriesTable {
  id: number;
  key: string;
  thumbnail: string | null;
  position: number;
}
export interface CategoryPagesTable extends PageColumns {
  category_id: number;
}

export interface ManufacturersTable {
  id: number;
  key: string;
  thumbnail: string | null;
}
export interface ManufacturerPagesTable extends PageColumns {
  manufacturer_id: number;
}

export interface CategoryManufacturersTable {
  category_id: number;
  manufacturer_id: number;
  top: Flag;
  position: number;
}

export interface SeriesTable {
  id: number;
  key: string;
  category_id: number;
  manufacturer_id: number;
  thumbnail: string | null;
  top: Flag;
  position: number;
}
export interface SeriesPagesTable extends PageColumns {
  series_id: number;
}

export interface DevicesTable {
  id: number;
  category_id: number;
  manufacturer_id: number;
  series_id: number;
  model: string;
  model_key: string;
  variant: string;
  name: string;
  /** JSON array of strings. */
  search_terms: string;
  release_year: number;
  release_month: number;
  image: string | null;
  thumbnail: string | null;
  /** Key of the device's photo in the catalogue photo storage (migration `0013_device_photos`). */
  photo: string | null;
  /** When it was retired: no new offers, pages say it can no longer be sold (migration 0017). */
  retired_at: Timestamp | null;
}
export interface DevicePagesTable extends PageColumns {
  device_id: number;
}
export interface DevicePricesTable {
  device_id: number;
  edition: string;
  base_price_cents: number;
  recycling_price_cents: number;
}

export interface QuestionsTable {
  id: number;
  category_id: number;
  code: string;
  position: number;
}
export interface QuestionTextsTable {
  question_id: number;
  edition: string;
  question: string;
  description: string;
}
export interface AnswersTable {
  question_id: number;
  id: number;
  code: string;
  price_factor: number;
  means_defective: Flag;
  position: number;
}
export interface AnswerTextsTable {
  question_id: number;
  answer_id: number;
  edition: string;
  text: string;
}

export interface CustomersTable {
  /** Random UUID; the subject of the access token. */
  id: string;
  customer_number: string;
  /** Lower-case; unique among registered (non-guest) customers. */
  email: string;
  salutation: string | null;
  first_name: string;
  last_name: string;
  company: string | null;
  locale: string;
  edition: string;
  /** argon2id hash; null for guests. */
  password_hash: string | null;
  activated_at: Timestamp | null;
  is_guest: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PeopleTable {
  id: Generated<number>;
  customer_id: string;
  /** The current address of the person (`PATCH /api/customers/people`). */
  address_id: number | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  customer_id: string;
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string;
  /** Every token issued by rotating one login shares it; reuse of a rotated token revokes the family. */
  family_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** Set when the token was traded for a new pair. */
  rotated_at: Timestamp | null;
}

export interface OneTimeTokensTable {
  id: Generated<number>;
  customer_id: string;
  /** `activation` or `password_reset`. */
  purpose: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface AddressesTable {
  id: Generated<number>;
  customer_id: string;
  salutation: string;
  first_name: string;
  last_name: string;
  company: string | null;
  /** The street, or street and number as one line where the country writes them so. */
  street: string;
  /** '' where the street line holds the number (`streetForm: 'oneLine'`). */
  house_number: string;
  address_addition: string | null;
  zip: string;
  city: string;
  country: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BankAccountsTable {
  id: Generated<number>;
  customer_id: string;
  account_holder: string;
  iban: string;
  bic: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaypalAccountsTable {
  id: Generated<number>;
  customer_id: string;
  email: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CustomerPaymentAccountsTable {
  id: Generated<number>;
  customer_id: string;
  paypal_account_id: number | null;
  bank_account_id: number | null;
  payment_type: string;
  is_primary: Flag;
  created_at: Timestamp;
}

export interface PhoneContactsTable {
  id: Generated<number>;
  customer_id: string;
  phone: string;
  type: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OffersTable {
  /** Random UUID. */
  id: string;
  device_id: number;
  edition: string;
  /** JSON object: question code → answer code. */
  answers: string;
  price_cents: number;
  /** Whether the recycling offer applied (a defect answer was chosen). */
  is_recycling: Flag;
  valid_until: Timestamp;
  customer_id: string | null;
  created_at: Timestamp;
}

export interface TradesTable {
  id: Generated<number>;
  trade_number: string;
  customer_id: string | null;
  edition: string;
  /** created, received, inspected, clarification, accepted, returned, paid. */
  status: string;
  /** JSON of the address at checkout (the customer may change or delete it later). */
  address_snapshot: string;
  /** 2 = PayPal, anything else SEPA (§9). */
  payment_type: number;
  /** JSON of the payout account at checkout (IBAN/BIC/holder or PayPal e-mail). */
  payout_details: string;
  voucher_code: string | null;
  total_cents: number;
  is_b2b: Flag;
  partner: string | null;
  shop_mode: string;
  /** Bonus of the voucher in cents, included in `total_cents` (migration `0002_trades`). */
  voucher_bonus_cents: Generated<number>;
  /**
   * The selling company's VAT ID of a business trade, normalised (`DE123456789`); null when
   * none was given (migration `0012_trade_vat_ids`).
   */
  vat_id: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TradeItemsTable {
  id: Generated<number>;
  trade_id: number;
  offer_id: string;
  device_id: number;
  /** Device name at checkout, so history reads the same after catalogue changes. */
  device_name: string;
  quantity: number;
  price_cents: number;
  /** Price after inspection, null until inspected. */
  revised_price_cents: number | null;
  /** JSON object: question code → answer code as found on inspection; null until inspected. */
  inspection_findings: string | null;
  /** Path under the data directory of the inspection photo. */
  photo_path: string | null;
}

/**
 * A trade's status history. Indexed by trade, by `(status, created_at, trade_id)` and by
 * `(trade_id, status, created_at)` (migration `0021_trade_event_indexes`).
 */
export interface TradeEventsTable {
  id: Generated<number>;
  trade_id: number;
  status: string;
  note: string | null;
  created_at: Timestamp;
}

export interface ClarificationsTable {
  id: Generated<number>;
  trade_id: number;
  trade_item_id: number;
  /** The revised offer the customer may accept. */
  revised_offer_id: string | null;
  /** open, accepted, returned, expired. */
  state: string;
  created_at: Timestamp;
  answered_at: Timestamp | null;
  /** Why the offer was revised, as the operator wrote it (migration `0002_trades`). */
  reason: string | null;
}

/** A voucher: a bonus on the payout of a trade (migration `0002_trades`). */
export interface VouchersTable {
  /** Upper-case code as printed. */
  code: string;
  /** `percent`: `value` is basis points of the items total; `fixed`: `value` is cents. */
  kind: string;
  value: number;
  /** Smallest items total the voucher applies to, in cents. */
  min_total_cents: number;
  /** JSON array of edition codes, or null for every edition. */
  editions: string | null;
  valid_from: Timestamp;
  valid_until: Timestamp | null;
  created_at: Timestamp;
  /** How often one customer may use the voucher; null for no limit (migration `0008_voucher_uses`, default 1). */
  uses_per_customer: Generated<number | null>;
}

export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  email: string;
  edition: string;
  /** pending, active, unsubscribed. */
  status: string;
  /** Hex hash of the e-mail used in unsubscribe and enrich links. */
  email_hash: string;
  confirm_token_hash: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  // The columns below came with migration `0003_tracking_newsletter`.
  /** Where on the site the subscription was started (`footer`, `checkout`, …). */
  source: string | null;
  /** When the current opt-in token stops working. */
  confirm_expires_at: Timestamp | null;
  /** When the last opt-in mail went out; repeats within a few minutes send nothing. */
  opt_in_sent_at: Timestamp | null;
  confirmed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
  first_name: string | null;
  /** mr, ms or diverse. */
  salutation: string | null;
  /** JSON array of interest codes (`[]` by default). */
  interests: Generated<string>;
}

export interface ControllingEventsTable {
  id: Generated<number>;
  client_id: string;
  application_id: string;
  url: string;
  event_name: string;
  /** JSON of the tracking fields and touchpoint parameters sent with the event. */
  payload: string;
  created_at: Timestamp;
  /**
   * SHA-256 (hex) of the event's client, application, url, name and fields: finds retries
   * (migration `0003_tracking_newsletter`).
   */
  event_key: string | null;
}

export interface ClientIdsTable {
  /** The hash handed to the browser. */
  id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  /** Lower-case e-mail tried. */
  email: string;
  /** Client address as seen behind the proxy. */
  ip: string;
  succeeded: Flag;
  created_at: Timestamp;
}

export interface MailLogTable {
  id: Generated<number>;
  /** activation, password_reset, newsletter_confirm, trade_confirmation, … */
  kind: string;
  recipient: string;
  subject: string;
  /** `outbox` (an .eml file under data/outbox) or `smtp`. */
  transport: string;
  /** File name of the .eml or SMTP message id. */
  reference: string | null;
  error: string | null;
  created_at: Timestamp;
}

/** A message of the contact page; its text went to the service team by mail only. */
export interface ContactMessagesTable {
  id: Generated<number>;
  edition: string;
  /** The key of one of the edition's contact subjects. */
  subject: string;
  /** Lower-case address the answer goes to. */
  sender_email: string;
  /** The client's IP address as the server saw it. */
  client_address: string;
  trade_number: string | null;
  /** File name of the .eml or SMTP message id of the mail to the service team. */
  mail_reference: string | null;
  created_at: Timestamp;
}

/** One use of a voucher by one customer, booked with the trade (migration `0008_voucher_uses`). */
export interface VoucherUsesTable {
  voucher_code: string;
  /** SHA-256 (hex) of the customer's lower-case e-mail address. */
  customer_key: string;
  /** 1 for the customer's first use of the voucher, 2 for the second, …; unique per customer. */
  use_number: number;
  trade_id: number;
  created_at: Timestamp;
}

/** A business seller; its row is updated by each of its business checkouts, which serialises them. */
export interface B2bPartnersTable {
  /** SHA-256 (hex) of the seller's lower-case e-mail address. */
  partner_key: string;
  last_checkout_at: Timestamp;
}

/** A business trade booked to its seller, for the cap over the rolling period. */
export interface B2bTradesTable {
  trade_id: number;
  partner_key: string;
  created_at: Timestamp;
}

/**
 * Calls of one client to one rate-limited call in the current window (migration
 * `0007_offer_limits`); the row starts over once its window has ended.
 */
export interface RateLimitCountersTable {
  /** The limited call, e.g. `POST /api/trade/offers`. */
  scope: string;
  /** The client's address as the limit counts it (IPv6 by its /64 network). */
  client: string;
  hits: number;
  window_ends_at: Timestamp;
}

/**
 * A trade confirmation a guest checkout is about to mail, claimed before the trade is stored
 * (migration `0006_guest_proof_mail_caps`); counted for the caps per recipient and per client.
 */
export interface TradeMailClaimsTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the recipient's lower-case e-mail address. */
  recipient_key: string;
  /** The client's IP address as the server saw it. */
  client_address: string;
  created_at: Timestamp;
}

/**
 * The one-time link in the trade mail of a guest checkout (migration
 * `0006_guest_proof_mail_caps`); the row goes once the trade has moved into a customer account.
 */
export interface TradeMailboxProofsTable {
  trade_id: number;
  /** Lower-case address the trade mail went to. */
  email: string;
  /** SHA-256 (hex) of the link's token. */
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** When the link was followed; null until then. */
  proven_at: Timestamp | null;
  /**
   * SHA-256 (hex) of the one-time account claim the checkout answered the guest with; null once
   * used (or for a registered customer's trade, which has no proof row).
   */
  account_claim_hash: string | null;
  /** The account registered with the claim and the mail's address; its activation proves the mailbox. */
  claimed_by_customer_id: string | null;
}

/**
 * One of the seller's own photos of a device (migration `0010_seller_photos`); the bytes are in
 * the photo storage under `storage_key`, re-encoded without any metadata.
 */
export interface SellerPhotosTable {
  /** A random UUID. */
  id: string;
  trade_id: number;
  /** 1-based position of the line (device) in the trade. */
  position: number;
  storage_key: string;
  content_type: string;
  size_bytes: number;
  width: number;
  height: number;
  created_at: Timestamp;
}

/**
 * A file of the shared store in the database (migration `0015_blobs`, docs/files.md): used on
 * PostgreSQL unless S3 is configured; empty on SQLite, whose files stay in the data folder.
 */
export interface BlobsTable {
  /** E.g. `seller-photos/t-2026-000123/1/<uuid>.jpg`. */
  key: string;
  content_type: string;
  /** `bytea` on PostgreSQL, `blob` on SQLite. */
  bytes: Uint8Array;
  size_bytes: number;
  created_at: Timestamp;
}

/**
 * A clarification link mailed to the customer (migration `0009_clarification_links`): the
 * capability in the link opens the clarification page of one trade without logging in.
 */
export interface ClarificationLinksTable {
  id: Generated<number>;
  trade_id: number;
  /** SHA-256 (hex) of the link's token; the token itself is only in the mail. */
  token_hash: string;
  created_at: Timestamp;
  /** The link opens nothing from then on (the revised offers it was mailed with expire). */
  expires_at: Timestamp;
}

/**
 * A job of the scheduler every API node runs (migration `0011_jobs`): a status mail, a reminder
 * or a reminder scan, claimed under a lease by one node at a time.
 */
export interface JobsTable {
  id: Generated<number>;
  /** What to run, e.g. `trade-status-mail`; a node claims only the kinds it can run. */
  kind: string;
  /** Unique: the same reminder or status mail is enqueued once. */
  dedupe_key: string;
  /** JSON of what the job needs, checked by the job's schema when it runs. */
  payload: string;
  /** Not before this moment; moved by the backoff after a failed attempt. */
  run_at: Timestamp;
  /** Attempts started so far. */
  attempts: Generated<number>;
  /** The worker holding the lease, null when nobody does. */
  locked_by: string | null;
  /** When the lease runs out; another worker may take the job from then on. */
  locked_until: Timestamp | null;
  done_at: Timestamp | null;
  /** Set when the last attempt failed; the job stays for an operator. */
  failed_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
}

/**
 * A setting all nodes of one database share (migration `0016_node_settings`), e.g.
 * `jwt-secret-fingerprint`.
 */
export interface NodeSettingsTable {
  name: string;
  value: string;
  updated_at: Timestamp;
}

/**
 * A checkout's `Idempotency-Key` (migration `0014_checkout_idempotency`): claimed while its
 * checkout runs, then the trade it made and the answer, for 24 hours from `created_at`.
 */
export interface CheckoutIdempotencyKeysTable {
  customer_id: string;
  /** The header's value as sent: keys are per customer. */
  idempotency_key: string;
  /** SHA-256 (hex) of the checkout's request body in a canonical form. */
  request_hash: string;
  /** The trade the key's checkout made; null while it runs. */
  trade_id: number | null;
  /**
   * The checkout's answer, sealed (AES-256-GCM under a key derived from the JWT secret: it
   * holds the guest's one-time account claim and a status link); null while the checkout runs.
   */
  sealed_response: string | null;
  /** The request running the checkout; null once it is done. */
  locked_by: string | null;
  /** When that claim lapses (its node died): a retry may then take the key over. */
  locked_until: Timestamp | null;
  created_at: Timestamp;
}

/** Trades paid together through one bank or PayPal file (migration `0020_payout_batches`). */
export interface PayoutBatchesTable {
  id: Generated<number>;
  /** `PB-2026-000001`. */
  batch_number: string;
  /** `sepa` or `paypal`. */
  method: string;
  /** `open` until confirmed (its trades paid) or cancelled. */
  state: string;
  trade_count: number;
  total_cents: number;
  file_name: string;
  /** The pain.001 XML or the PayPal CSV, as handed out. */
  file_content: string;
  created_at: Timestamp;
  /** Who made it: `ops:<login>` or a staff member. */
  created_by: string;
  closed_at: Timestamp | null;
  closed_by: string | null;
}

/** A trade in a payout batch and the amount it is paid; `open` while the batch is open. */
export interface PayoutBatchTradesTable {
  batch_id: number;
  trade_id: number;
  amount_cents: number;
  open: Flag;
}

/** Every table of the trade API database, as the newest migration leaves it (checked by `schema-matches-database.test.ts`). */
export interface TradeDatabase {
  catalogue_revisions: CatalogueRevisionsTable;
  categories: CategoriesTable;
  category_pages: CategoryPagesTable;
  manufacturers: ManufacturersTable;
  manufacturer_pages: ManufacturerPagesTable;
  category_manufacturers: CategoryManufacturersTable;
  series: SeriesTable;
  series_pages: SeriesPagesTable;
  devices: DevicesTable;
  device_pages: DevicePagesTable;
  device_prices: DevicePricesTable;
  questions: QuestionsTable;
  question_texts: QuestionTextsTable;
  answers: AnswersTable;
  answer_texts: AnswerTextsTable;
  customers: CustomersTable;
  people: PeopleTable;
  refresh_tokens: RefreshTokensTable;
  one_time_tokens: OneTimeTokensTable;
  addresses: AddressesTable;
  bank_accounts: BankAccountsTable;
  paypal_accounts: PaypalAccountsTable;
  customer_payment_accounts: CustomerPaymentAccountsTable;
  phone_contacts: PhoneContactsTable;
  offers: OffersTable;
  trades: TradesTable;
  trade_items: TradeItemsTable;
  trade_events: TradeEventsTable;
  clarifications: ClarificationsTable;
  vouchers: VouchersTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  controlling_events: ControllingEventsTable;
  client_ids: ClientIdsTable;
  login_attempts: LoginAttemptsTable;
  mail_log: MailLogTable;
  contact_messages: ContactMessagesTable;
  rate_limit_counters: RateLimitCountersTable;
  voucher_uses: VoucherUsesTable;
  b2b_partners: B2bPartnersTable;
  b2b_trades: B2bTradesTable;
  trade_mail_claims: TradeMailClaimsTable;
  trade_mailbox_proofs: TradeMailboxProofsTable;
  clarification_links: ClarificationLinksTable;
  seller_photos: SellerPhotosTable;
  blobs: BlobsTable;
  jobs: JobsTable;
  checkout_idempotency_keys: CheckoutIdempotencyKeysTable;
  node_settings: NodeSettingsTable;
  price_changes: PriceChangesTable;
  factor_changes: FactorChangesTable;
  staff: StaffTable;
  staff_verifications: StaffVerificationsTable;
  staff_sessions: StaffSessionsTable;
  audit_events: AuditEventsTable;
  payout_batches: PayoutBatchesTable;
  payout_batch_trades: PayoutBatchTradesTable;
}

/** The names of all tables, in an order that respects foreign keys when filling them. */
export const tableNames = [
  'catalogue_revisions',
  'categories',
  'category_pages',
  'manufacturers',
  'manufacturer_pages',
  'category_manufacturers',
  'series',
  'series_pages',
  'devices',
  'device_pages',
  'device_prices',
  'questions',
  'question_texts',
  'answers',
  'answer_texts',
  'customers',
  'addresses',
  'people',
  'refresh_tokens',
  'one_time_tokens',
  'bank_accounts',
  'paypal_accounts',
  'customer_payment_accounts',
  'phone_contacts',
  'offers',
  'trades',
  'trade_items',
  'trade_events',
  'clarifications',
  'vouchers',
  'newsletter_subscriptions',
  'controlling_events',
  'client_ids',
  'login_attempts',
  'mail_log',
  'contact_messages',
  'rate_limit_counters',
  'voucher_uses',
  'b2b_partners',
  'b2b_trades',
  'trade_mail_claims',
  'trade_mailbox_proofs',
  'clarification_links',
  'seller_photos',
  'blobs',
  'jobs',
  'checkout_idempotency_keys',
  'node_settings',
  'price_changes',
  'factor_changes',
  'staff',
  'staff_verifications',
  'staff_sessions',
  'audit_events',
  'payout_batches',
  'payout_batch_trades',
] as const satisfies readonly (keyof TradeDatabase)[];
