import type { Generated, Kysely } from 'kysely';
import type { TradeDb } from '../db/create-database.ts';
import type { NewsletterSubscriptionsTable, Timestamp, TradeDatabase } from '../db/schema.ts';

/** Columns the `tracking-newsletter` migration adds to `newsletter_subscriptions`. */
export interface NewsletterSubscriptionExtraColumns {
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

/** The database as the newsletter code sees it, with the migration's columns. */
export type NewsletterDatabase = Omit<TradeDatabase, 'newsletter_subscriptions'> & {
  newsletter_subscriptions: NewsletterSubscriptionsTable & NewsletterSubscriptionExtraColumns;
};

/** The same handle typed with the newsletter columns (they exist once the migration ran). */
export function newsletterDb(db: TradeDb): Kysely<NewsletterDatabase> {
  return db as unknown as Kysely<NewsletterDatabase>;
}
