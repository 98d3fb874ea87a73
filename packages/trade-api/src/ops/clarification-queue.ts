import type { ClarificationQueue } from '@tradein/contract';
import type { TradeDb } from '../db/create-database.ts';
import { isLineReturned, lineRevision, loadTrade, type TradeRecord } from '../trades/trade-view.ts';

/*
 * The back office's clarifications list: trades waiting for the seller's decision, oldest
 * first, and those decided in the last 14 days, newest first, with who decided (the seller on
 * the shop's page, or an operator for them: the note of the trade's event says which).
 */

/** How far back decided clarifications are listed. */
const decidedDays = 14;

type Entry = ClarificationQueue['open'][number];

const hoursBetween = (from: string, to: string) =>
  Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / 3_600_000));

/** One trade's entry: its revised lines, when the clarification opened, and its decision. */
async function entryOf(db: TradeDb, tradeNumber: string, now: Date): Promise<Entry | null> {
  const record = await loadTrade(db, tradeNumber);
  if (record === null) return null;
  const customer =
    record.customerId === null
      ? undefined
      : await db
          .selectFrom('customers')
          .select(['first_name', 'last_name', 'email'])
          .where('id', '=', record.customerId)
          .executeTakeFirst();
  const lines = record.items.flatMap((item) => {
    const revision = lineRevision(record, item);
    if (revision === undefined) return [];
    const state: Entry['lines'][number]['state'] = isLineReturned(record, item)
      ? 'returned'
      : revision.state === 'open'
        ? 'open'
        : 'accepted';
    return [
      {
        position: item.position,
        name: item.name,
        priceCents: item.priceCents,
        revisedPriceCents: revision.revisedPriceCents ?? item.revisedPriceCents ?? item.priceCents,
        reason: revision.reason,
        state,
      },
    ];
  });
  const opened = openedAt(record);
  const decidedEvent = record.events.findLast(
    (event) => event.status === 'accepted' || event.status === 'returned',
  );
  const decision =
    record.status === 'clarification' || decidedEvent === undefined
      ? null
      : {
          outcome:
            decidedEvent.status === 'returned' ? ('returned' as const) : ('accepted' as const),
          by:
            decidedEvent.note?.endsWith('by operator') === true
              ? ('operator' as const)
              : ('customer' as const),
          at: decidedEvent.at,
        };
  return {
    tradeNumber: record.tradeNumber,
    status: record.status,
    edition: record.edition,
    customer:
      customer === undefined
        ? null
        : { firstName: customer.first_name, lastName: customer.last_name, email: customer.email },
    openedAt: opened,
    ageHours: hoursBetween(opened, decision?.at ?? now.toISOString()),
    lines,
    decision,
  };
}

/** When the clarification opened: the trade's newest `clarification` event. */
function openedAt(record: TradeRecord): string {
  return (
    record.events.findLast((event) => event.status === 'clarification')?.at ??
    record.clarifications[0]?.createdAt ??
    record.updatedAt
  );
}

/** One page of open and of recently decided clarifications. */
export async function clarificationQueue(
  db: TradeDb,
  query: { page: number; pageSize: number },
  now: Date,
): Promise<ClarificationQueue> {
  const offset = (query.page - 1) * query.pageSize;
  const openRows = await db
    .selectFrom('trades')
    .innerJoin('trade_events', 'trade_events.trade_id', 'trades.id')
    .select(['trades.trade_number'])
    .select((eb) => eb.fn.max('trade_events.created_at').as('opened_at'))
    .where('trades.status', '=', 'clarification')
    .where('trade_events.status', '=', 'clarification')
    .groupBy(['trades.id', 'trades.trade_number'])
    .orderBy('opened_at')
    .orderBy('trades.id')
    .limit(query.pageSize)
    .offset(offset)
    .execute();
  const openTotal = await db
    .selectFrom('trades')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('status', '=', 'clarification')
    .executeTakeFirstOrThrow();
  const since = new Date(now.getTime() - decidedDays * 86_400_000).toISOString();
  const decidedBase = db
    .selectFrom('trades')
    .innerJoin('trade_events', 'trade_events.trade_id', 'trades.id')
    .where('trade_events.status', 'in', ['accepted', 'returned'])
    .where('trade_events.created_at', '>=', since)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('clarifications')
          .select('clarifications.id')
          .whereRef('clarifications.trade_id', '=', 'trades.id'),
      ),
    );
  const decidedRows = await decidedBase
    .select(['trades.trade_number'])
    .select((eb) => eb.fn.max('trade_events.created_at').as('decided_at'))
    .groupBy(['trades.id', 'trades.trade_number'])
    .orderBy('decided_at', 'desc')
    .orderBy('trades.id', 'desc')
    .limit(query.pageSize)
    .offset(offset)
    .execute();
  const decidedTotal = await decidedBase
    .select((eb) => eb.fn.count<number | string | bigint>('trades.id').distinct().as('count'))
    .executeTakeFirstOrThrow();
  const entries = async (numbers: readonly string[]) =>
    (await Promise.all(numbers.map((number) => entryOf(db, number, now)))).filter(
      (entry) => entry !== null,
    );
  return {
    open: await entries(openRows.map((row) => row.trade_number)),
    openTotal: Number(openTotal.count),
    decided: await entries(decidedRows.map((row) => row.trade_number)),
    decidedTotal: Number(decidedTotal.count),
  };
}
