import {
  getTradeHistoryEndpoint,
  type TradeHistoryEntry,
  tradeStatusSchema,
} from '@tradein/contract';
import type { TradeDb } from '../db/create-database.ts';
import type { Route } from '../server/route.ts';
import type { ResolvedAccountDeps } from './account-deps.ts';
import { ownerOf } from './customer-records.ts';

/** The number of trade ids per `in (…)` query, well under every bound-parameter limit. */
const tradeChunk = 500;

/** The customer's trades, newest first, each with its devices. */
async function tradeHistory(db: TradeDb, customerId: string): Promise<TradeHistoryEntry[]> {
  const trades = await db
    .selectFrom('trades')
    .select(['id', 'trade_number', 'created_at', 'status', 'total_cents'])
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const devices = new Map<number, TradeHistoryEntry['devices']>();
  for (let start = 0; start < trades.length; start += tradeChunk) {
    const ids = trades.slice(start, start + tradeChunk).map((trade) => trade.id);
    const items = await db
      .selectFrom('trade_items')
      .select([
        'trade_id',
        'device_id',
        'offer_id',
        'device_name',
        'price_cents',
        'revised_price_cents',
        'quantity',
      ])
      .where('trade_id', 'in', ids)
      .orderBy('id')
      .execute();
    for (const item of items) {
      const list = devices.get(item.trade_id) ?? [];
      list.push({
        deviceId: item.device_id,
        offerId: item.offer_id,
        name: item.device_name,
        // After inspection the revised price is what the customer is paid.
        price: item.revised_price_cents ?? item.price_cents,
        quantity: item.quantity,
      });
      devices.set(item.trade_id, list);
    }
  }
  const history: TradeHistoryEntry[] = [];
  for (const trade of trades) {
    const status = tradeStatusSchema.safeParse(trade.status);
    const tradeDevices = devices.get(trade.id) ?? [];
    // A trade still being written (no items yet) or with a status the contract lacks is left out.
    if (!status.success || tradeDevices.length === 0) continue;
    history.push({
      tradeId: trade.id,
      tradeNumber: trade.trade_number,
      createdAt: trade.created_at,
      status: status.data,
      total: trade.total_cents,
      devices: tradeDevices,
    });
  }
  return history;
}

/** Registers the customer's trade history, newest first. */
export function registerTradeHistoryRoute(route: Route, deps: ResolvedAccountDeps): void {
  route(getTradeHistoryEndpoint, async ({ customer }) => tradeHistory(deps.db, ownerOf(customer)));
}
