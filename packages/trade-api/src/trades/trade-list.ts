import type { TradeStatus } from '@tradein/contract';
import type { TradeDb } from '../db/create-database.ts';
import type { TradeDeps } from './trade-deps.ts';

/** A trade in an operator's list. */
export interface TradeListEntry {
  tradeNumber: string;
  status: string;
  edition: string;
  totalCents: number;
  createdAt: string;
  items: number;
  /**
   * The revised lines and where they stand, by position: `open`, `accept`, `return`, or `up`
   * (revised upward, accepted at once); empty when no line was revised.
   */
  decisions: { position: number; state: 'open' | 'accept' | 'return' | 'up' }[];
}

/** Trades per query of their lines: well below the parameter limits of both databases. */
const listChunk = 500;

/** The revised lines of the listed trades and where they stand, by trade id. */
async function decisionsOf(
  db: TradeDb,
  tradeIds: readonly number[],
): Promise<Map<number, TradeListEntry['decisions']>> {
  const byTrade = new Map<number, TradeListEntry['decisions']>();
  for (let start = 0; start < tradeIds.length; start += listChunk) {
    const ids = tradeIds.slice(start, start + listChunk);
    const items = await db
      .selectFrom('trade_items')
      .select(['id', 'trade_id', 'price_cents'])
      .where('trade_id', 'in', ids)
      .orderBy('id')
      .execute();
    const revisions = await db
      .selectFrom('clarifications')
      .leftJoin('offers', 'offers.id', 'clarifications.revised_offer_id')
      .select([
        'clarifications.trade_item_id',
        'clarifications.state',
        'offers.price_cents as revised_price_cents',
      ])
      .where('clarifications.trade_id', 'in', ids)
      .where('clarifications.state', '!=', 'expired')
      .orderBy('clarifications.id')
      .execute();
    // Positions count a trade's lines in the order of their ids, as `loadTrade` does.
    const linesSoFar = new Map<number, number>();
    // Rows come oldest first: the last one of a line is its current revision.
    const currentRevision = new Map(revisions.map((row) => [row.trade_item_id, row]));
    for (const item of items) {
      const position = (linesSoFar.get(item.trade_id) ?? 0) + 1;
      linesSoFar.set(item.trade_id, position);
      const revision = currentRevision.get(item.id);
      if (revision === undefined) continue;
      const upward = (revision.revised_price_cents ?? 0) > item.price_cents;
      const state =
        revision.state === 'open'
          ? 'open'
          : revision.state === 'returned'
            ? 'return'
            : upward
              ? 'up'
              : 'accept';
      const list = byTrade.get(item.trade_id) ?? [];
      list.push({ position, state });
      byTrade.set(item.trade_id, list);
    }
  }
  return byTrade;
}

/** The columns of a listed trade, selected and grouped by (its lines are counted). */
const listedColumns = [
  'trades.id',
  'trades.trade_number',
  'trades.status',
  'trades.edition',
  'trades.total_cents',
  'trades.created_at',
] as const;

/** Trades, newest first, optionally of one status, with the decisions on their revised lines. */
export async function listTrades(
  deps: Pick<TradeDeps, 'db'>,
  status?: TradeStatus,
): Promise<TradeListEntry[]> {
  let query = deps.db
    .selectFrom('trades')
    .leftJoin('trade_items', 'trade_items.trade_id', 'trades.id')
    .select((eb) => [...listedColumns, eb.fn.count<string | number>('trade_items.id').as('items')])
    .groupBy(listedColumns)
    .orderBy('trades.id', 'desc');
  if (status !== undefined) query = query.where('trades.status', '=', status);
  const rows = await query.execute();
  const decisions = await decisionsOf(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    tradeNumber: row.trade_number,
    status: row.status,
    edition: row.edition,
    totalCents: row.total_cents,
    createdAt: row.created_at,
    items: Number(row.items),
    decisions: decisions.get(row.id) ?? [],
  }));
}
