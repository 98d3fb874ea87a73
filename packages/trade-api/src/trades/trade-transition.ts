import { apiErrorCode, type TradeStatus } from '@tradein/contract';
import type { TradeDb } from '../db/create-database.ts';
import { enqueueTradeStatusMail } from '../jobs/trade-mail-jobs.ts';
import { changedMeanwhile, LifecycleError, noSuchTrade } from './lifecycle-errors.ts';
import { currentItemsTotal, loadTrade, type TradeRecord } from './trade-view.ts';
import { revisedVoucherBonus } from './vouchers.ts';

/*
 * What every step of the trade lifecycle builds on: reading the trade, moving it from one status
 * to the next, and writing its totals, each only if nobody changed the trade meanwhile.
 */

/** Which status may follow which (design card): everything else is refused. */
const allowedTransitions: Readonly<Record<TradeStatus, readonly TradeStatus[]>> = {
  created: ['received'],
  received: ['inspected'],
  inspected: ['clarification', 'paid'],
  clarification: ['accepted', 'returned'],
  accepted: ['paid'],
  returned: [],
  paid: [],
};

/** The trade of a number, or a `not_found` lifecycle error. */
export async function requireTrade(db: TradeDb, tradeNumber: string): Promise<TradeRecord> {
  const record = await loadTrade(db, tradeNumber);
  if (record === null) throw noSuchTrade(tradeNumber);
  return record;
}

/**
 * Moves a trade from one status to the next inside a transaction. The update is conditional on
 * the old status, so two operators (or nodes) cannot both apply a step.
 */
export async function transition(
  db: TradeDb,
  record: TradeRecord,
  to: TradeStatus,
  at: string,
  note: string | null,
  extra: { total_cents?: number; voucher_bonus_cents?: number } = {},
): Promise<void> {
  if (!allowedTransitions[record.status].includes(to)) {
    throw new LifecycleError(
      'invalid',
      `Trade ${record.tradeNumber} is ${record.status}; it cannot become ${to}`,
    );
  }
  const result = await db
    .updateTable('trades')
    .set({ status: to, updated_at: at, ...extra })
    .where('id', '=', record.id)
    .where('status', '=', record.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw changedMeanwhile(record.tradeNumber);
  await db
    .insertInto('trade_events')
    .values({ trade_id: record.id, status: to, note, created_at: at })
    .execute();
  // The customer's mail of this change, committed with it (jobs/trade-mail-jobs.ts).
  await enqueueTradeStatusMail(db, record, to, at);
}

/** The line of a trade at a position, or a `not_found` lifecycle error. */
export function lineOf(record: TradeRecord, position: number): TradeRecord['items'][number] {
  const item = record.items.find((candidate) => candidate.position === position);
  if (item === undefined) {
    throw new LifecycleError(
      apiErrorCode.notFound,
      `Trade ${record.tradeNumber} has no item ${position} (it has ${record.items.length})`,
    );
  }
  return item;
}

/** A trade's total and voucher bonus, as the columns keep them. */
export interface TradeTotals {
  total_cents: number;
  voucher_bonus_cents: number;
}

/** The trade total as the lines stand (accepted revisions, returned lines out) with its bonus. */
export async function totalsOf(db: TradeDb, record: TradeRecord): Promise<TradeTotals> {
  const itemsTotal = currentItemsTotal(record);
  const bonus = await revisedVoucherBonus(db, record.voucherCode, itemsTotal);
  return { total_cents: itemsTotal + bonus, voucher_bonus_cents: bonus };
}

/**
 * Writes new totals without changing the status, on the condition that the status is still the
 * one read, so a step another operator took meanwhile is not overwritten.
 */
export async function updateTotals(
  db: TradeDb,
  record: TradeRecord,
  at: string,
  totals: TradeTotals,
): Promise<void> {
  const result = await db
    .updateTable('trades')
    .set({ ...totals, updated_at: at })
    .where('id', '=', record.id)
    .where('status', '=', record.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw changedMeanwhile(record.tradeNumber);
}
