import type { ExpressionBuilder } from 'kysely';
import type { TradeDatabase } from '../db/schema.ts';

/**
 * Whether an offer is a cart offer: no trade line holds it and it is no clarification's revised
 * offer. Only such offers can still be in a browser's cart; the others belong to a trade. The
 * cart reminders look for them, and the clean-up deletes them once they have expired.
 */
export function isCartOffer(eb: ExpressionBuilder<TradeDatabase, 'offers'>) {
  return eb.and([
    eb.not(
      eb.exists(
        eb
          .selectFrom('trade_items')
          .select('trade_items.id')
          .whereRef('trade_items.offer_id', '=', 'offers.id'),
      ),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('clarifications')
          .select('clarifications.id')
          .whereRef('clarifications.revised_offer_id', '=', 'offers.id'),
      ),
    ),
  ]);
}
