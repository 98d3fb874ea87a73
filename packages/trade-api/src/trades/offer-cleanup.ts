import type { ExpressionBuilder } from 'kysely';
import type { TradeDb } from '../db/create-database.ts';
import type { TradeDatabase } from '../db/schema.ts';
import { isCartOffer } from './cart-offer.ts';

/** How many offers one delete statement removes: short statements keep SQLite's writer free. */
const cleanupBatchSize = 1000;

/** An offer that expired by `at` and that no trade line and no clarification points at. */
function unusedBy(at: string) {
  return (eb: ExpressionBuilder<TradeDatabase, 'offers'>) =>
    eb.and([eb('offers.valid_until', '<=', at), isCartOffer(eb)]);
}

/**
 * Deletes the offers that expired without being traded. The server does not see a browser's
 * cart, so an offer that was never checked out by its expiry is one that no cart used (and
 * checkout refuses an expired offer anyway). Offers of trade lines and of clarifications stay.
 * Deletes in batches; answers how many offers went.
 */
export async function deleteUnusedOffers(db: TradeDb, now: Date): Promise<number> {
  const at = now.toISOString();
  let deleted = 0;
  for (;;) {
    const result = await db
      .deleteFrom('offers')
      .where('offers.id', 'in', (eb) =>
        eb.selectFrom('offers').select('offers.id').where(unusedBy(at)).limit(cleanupBatchSize),
      )
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    deleted += count;
    if (count < cleanupBatchSize) return deleted;
  }
}
