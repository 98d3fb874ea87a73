import type { OpsOverview, OverviewDayFigure } from '@tradein/contract';
import type { TradeDb } from '../db/create-database.ts';
import { shiftDay } from '@tradein/editions';
import { businessDay } from '../payouts/payout-promise.ts';
import { pastPromise } from '../payouts/payout-queue.ts';
import { startOfDay, tradeQueueTimeZone } from './trade-queue.ts';

/*
 * The back office's overview (docs/trades.md, "The overview"), from the trades' status history
 * (`trade_events`) and `trades`: what reached a status today, the median time from receipt to
 * payout, and the trades past their payout promise. Each figure is a range of the
 * `(status, created_at)` index of `trade_events` (migration `0021_trade_event_indexes`) or of the
 * ready trades (`trades (status, created_at)`), so it costs the rows it counts.
 */

/** The days over which the median is taken. */
const medianWindowDays = 30;
/** The late trades the overview lists. */
const lateListLength = 20;

/** Trades with an event of `status` in `[from, to)`: how many, and their totals summed. */
async function reached(
  db: TradeDb,
  status: string,
  from: string,
  to: string,
): Promise<OverviewDayFigure> {
  const row = await db
    .selectFrom('trades')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn
        .coalesce(eb.fn.sum<number | string | null>('trades.total_cents'), eb.lit(0))
        .as('cents'),
    ])
    .where('trades.id', 'in', (eb) =>
      eb
        .selectFrom('trade_events')
        .select('trade_events.trade_id')
        .where('trade_events.status', '=', status)
        .where('trade_events.created_at', '>=', from)
        .where('trade_events.created_at', '<', to),
    )
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), totalCents: Number(row.cents) };
}

/** The median of numbers, or null for none. */
function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The median hours from receipt (the trade's first `received` event) to payout (its `paid`
 * event) of the trades paid in the `medianWindowDays` days up to `now`, to one decimal.
 */
async function medianHoursToPayout(db: TradeDb, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - medianWindowDays * 86_400_000).toISOString();
  const rows = await db
    .selectFrom('trade_events as paid')
    .select((eb) => [
      'paid.created_at as paid_at',
      eb
        .selectFrom('trade_events as received')
        .select((inner) => inner.fn.min('received.created_at').as('at'))
        .whereRef('received.trade_id', '=', 'paid.trade_id')
        .where('received.status', '=', 'received')
        .as('received_at'),
    ])
    .where('paid.status', '=', 'paid')
    .where('paid.created_at', '>', since)
    .where('paid.created_at', '<=', now.toISOString())
    .execute();
  const hours = rows.flatMap((row) =>
    row.received_at === null
      ? []
      : [(Date.parse(row.paid_at) - Date.parse(row.received_at)) / 3_600_000],
  );
  const middle = median(hours);
  return middle === null ? null : Math.round(Math.max(0, middle) * 10) / 10;
}

/** The overview's figures at `now`. */
export async function opsOverview(db: TradeDb, now: Date): Promise<OpsOverview> {
  const day = businessDay(now);
  const from = startOfDay(day);
  const to = startOfDay(shiftDay(day, 1));
  return {
    day,
    timeZone: tradeQueueTimeZone,
    received: await reached(db, 'received', from, to),
    inspected: await reached(db, 'inspected', from, to),
    paid: await reached(db, 'paid', from, to),
    medianHoursReceiptToPayout: await medianHoursToPayout(db, now),
    medianWindowDays,
    pastPromise: await pastPromise(db, now, lateListLength),
  };
}
