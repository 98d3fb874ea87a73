import {
  Migrator,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely/migration';
import type { TradeDb } from './create-database.ts';
import { up as initialUp } from './migrations/initial.ts';
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
import { up as blobsUp, down as blobsDown } from './migrations/blobs.ts';
import { up as jobsUp, down as jobsDown } from './migrations/jobs.ts';
import { up as tradesUp, down as tradesDown } from './migrations/trades.ts';
import { up as voucherUsesUp, down as voucherUsesDown } from './migrations/voucher-uses.ts';
import { up as devicePhotosUp, down as devicePhotosDown } from './migrations/device-photos.ts';
import { up as tradeVatIdsUp, down as tradeVatIdsDown } from './migrations/trade-vat-ids.ts';
import {
  up as checkoutIdempotencyUp,
  down as checkoutIdempotencyDown,
} from './migrations/checkout-idempotency.ts';
import { up as nodeSettingsUp, down as nodeSettingsDown } from './migrations/node-settings.ts';
import { up as priceHistoryUp, down as priceHistoryDown } from './migrations/price-history.ts';
import { up as payoutBatchesUp, down as payoutBatchesDown } from './migrations/payout-batches.ts';
import { up as staffUp, down as staffDown } from './migrations/staff.ts';
import {
  up as tradeEventIndexesUp,
  down as tradeEventIndexesDown,
} from './migrations/trade-event-indexes.ts';
import {
  up as tradeQueueIndexesUp,
  down as tradeQueueIndexesDown,
} from './migrations/trade-queue-indexes.ts';

/*
 * One migration set for SQLite and PostgreSQL, written with Kysely's schema builder. The only
 * place the dialects differ is the generated integer key (`autoincrement` vs identity); every
 * other column uses types both understand: integer, text, double precision. Migrations live in
 * code (no file globbing) so a bundled server carries them.
 */

/** Every migration, by name; names sort in the order they run. */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001_initial': { up: initialUp },
  '0002_trades': { up: tradesUp, down: tradesDown },
  '0003_tracking_newsletter': { up: trackingNewsletterUp, down: trackingNewsletterDown },
  '0004_contact_messages': { up: contactMessagesUp, down: contactMessagesDown },
  '0006_guest_proof_mail_caps': { up: guestProofMailCapsUp, down: guestProofMailCapsDown },
  '0007_offer_limits': { up: offerLimitsUp, down: offerLimitsDown },
  '0008_voucher_uses': { up: voucherUsesUp, down: voucherUsesDown },
  '0009_clarification_links': { up: clarificationLinksUp, down: clarificationLinksDown },
  '0010_seller_photos': { up: sellerPhotosUp, down: sellerPhotosDown },
  '0011_jobs': { up: jobsUp, down: jobsDown },
  '0012_trade_vat_ids': { up: tradeVatIdsUp, down: tradeVatIdsDown },
  '0013_device_photos': { up: devicePhotosUp, down: devicePhotosDown },
  '0014_checkout_idempotency': { up: checkoutIdempotencyUp, down: checkoutIdempotencyDown },
  '0015_blobs': { up: blobsUp, down: blobsDown },
  '0016_node_settings': { up: nodeSettingsUp, down: nodeSettingsDown },
  '0017_price_history': { up: priceHistoryUp, down: priceHistoryDown },
  '0018_staff': { up: staffUp, down: staffDown },
  '0019_trade_queue_indexes': { up: tradeQueueIndexesUp, down: tradeQueueIndexesDown },
  '0020_payout_batches': { up: payoutBatchesUp, down: payoutBatchesDown },
  '0021_trade_event_indexes': { up: tradeEventIndexesUp, down: tradeEventIndexesDown },
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
