import type {
  PayoutBatchDetail,
  PayoutBatchesPage,
  PayoutBatchesQuery,
  PayoutBatchSummary,
  PayoutPayee,
  PayoutReadyPage,
  PayoutReadyQuery,
  PayoutReadyRow,
} from '@tradein/contract';
import { payPalPaymentMethod } from '@tradein/editions';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { TradeDb } from '../db/create-database.ts';
import {
  methodOf,
  payoutAccountOf,
  PayoutBatchError,
  type PayoutMethod,
} from './payout-batches.ts';
import { daysBetween } from '@tradein/editions';
import { businessDay, pastPromiseCutoff, promisedBy } from './payout-promise.ts';

/*
 * What the back office's payouts screen lists (docs/payouts.md, "Back-office calls"): the trades
 * ready to pay, earliest payout promise first, and the batches, newest first, one page at a time.
 * The promise follows from the acceptance (the trade's latest event of its status), so the list
 * is ordered by that time, which the `(trade_id, status, created_at)` index of `trade_events`
 * (migration `0021_trade_event_indexes`) answers per trade.
 */

/** Trade statuses a payout may follow. */
const readyStatuses = ['inspected', 'accepted'] as const;

/** When a trade reached its current status: its latest event of it. */
const acceptedAt = sql<string>`coalesce((select max(e.created_at) from trade_events e where e.trade_id = trades.id and e.status = trades.status), trades.updated_at)`;

/** The open batch a trade is in (the partial unique index of `payout_batch_trades`). */
const openBatchOf = sql<
  string | null
>`(select b.batch_number from payout_batch_trades l inner join payout_batches b on b.id = l.batch_id where l.trade_id = trades.id and l.open = 1)`;

/** An IBAN with every character but the last four as `*`, in groups of four. */
function maskedIban(iban: string): { ibanMasked: string; ibanLast4: string } {
  const electronic = iban.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  const last4 = electronic.slice(-4);
  const masked = '*'.repeat(Math.max(0, electronic.length - 4)) + last4;
  return { ibanMasked: masked.replace(/(.{4})(?=.)/g, '$1 '), ibanLast4: last4 };
}

/** Where the money of a trade goes, as the clerk sees it. */
function payeeOf(method: PayoutMethod, payoutDetails: string): PayoutPayee {
  const account = payoutAccountOf(method, payoutDetails);
  if (method === 'paypal') {
    return { method, email: typeof account === 'string' ? '' : account.payee };
  }
  return typeof account === 'string'
    ? { method, accountHolder: '', ibanMasked: '', ibanLast4: '' }
    : { method, accountHolder: account.payee, ...maskedIban(account.iban ?? '') };
}

/** `First Last`, or null once the customer was deleted. */
function nameOf(firstName: string | null, lastName: string | null): string | null {
  if (firstName === null && lastName === null) return null;
  return `${firstName ?? ''} ${lastName ?? ''}`.trim();
}

/** The ready trades of a method (or both), as a condition on `trades`. */
function readyCondition(method: PayoutMethod | undefined): Expression<SqlBool> {
  const status = sql<SqlBool>`trades.status in (${sql.join([...readyStatuses])})`;
  if (method === undefined) return status;
  return method === 'paypal'
    ? sql<SqlBool>`${status} and trades.payment_type = ${payPalPaymentMethod}`
    : sql<SqlBool>`${status} and trades.payment_type <> ${payPalPaymentMethod}`;
}

/** Ready trades as rows of the list, read in promise order. */
function readyRows(db: TradeDb, method: PayoutMethod | undefined) {
  return db
    .selectFrom('trades')
    .leftJoin('customers', 'customers.id', 'trades.customer_id')
    .select([
      'trades.id',
      'trades.trade_number',
      'trades.status',
      'trades.payment_type',
      'trades.payout_details',
      'trades.total_cents',
      'customers.first_name',
      'customers.last_name',
      acceptedAt.as('accepted_at'),
      openBatchOf.as('open_batch'),
    ])
    .where(readyCondition(method))
    .orderBy(acceptedAt)
    .orderBy('trades.id');
}

type ReadyRowData = Awaited<ReturnType<ReturnType<typeof readyRows>['execute']>>[number];

/** One row of the list, its promise judged on `today`. */
function readyRowView(row: ReadyRowData, today: string): PayoutReadyRow {
  const method = methodOf(row.payment_type);
  const due = promisedBy(row.accepted_at);
  return {
    tradeNumber: row.trade_number,
    status: row.status === 'accepted' ? 'accepted' : 'inspected',
    customerName: nameOf(row.first_name, row.last_name),
    payee: payeeOf(method, row.payout_details),
    amountCents: row.total_cents,
    acceptedAt: new Date(row.accepted_at).toISOString(),
    promisedBy: due,
    pastPromise: due < today,
    openBatch: row.open_batch,
  };
}

/** One page of the trades ready to pay (or in an open batch), earliest promise first. */
export async function readyToPayPage(
  db: TradeDb,
  query: PayoutReadyQuery,
  now: Date,
): Promise<PayoutReadyPage> {
  const rows = await readyRows(db, query.method)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const counted = await db
    .selectFrom('trades')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(readyCondition(query.method))
    .executeTakeFirstOrThrow();
  const today = businessDay(now);
  return {
    rows: rows.map((row) => readyRowView(row, today)),
    total: Number(counted.count),
  };
}

/** Unpaid trades past their payout promise on `now`'s day: how many, and the first `limit`. */
export async function pastPromise(db: TradeDb, now: Date, limit: number) {
  const today = businessDay(now);
  const late = sql<SqlBool>`${acceptedAt} < ${pastPromiseCutoff(today)}`;
  const rows = await readyRows(db, undefined).where(late).limit(limit).execute();
  const counted = await db
    .selectFrom('trades')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(readyCondition(undefined))
    .where(late)
    .executeTakeFirstOrThrow();
  return {
    count: Number(counted.count),
    trades: rows.map((row) => {
      const view = readyRowView(row, today);
      return {
        tradeNumber: view.tradeNumber,
        status: view.status,
        customerName: view.customerName,
        method: view.payee.method,
        amountCents: view.amountCents,
        acceptedAt: view.acceptedAt,
        promisedBy: view.promisedBy,
        daysLate: daysBetween(view.promisedBy, today),
      };
    }),
  };
}

/** The names of audit actors: a staff member's e-mail address, an operator's login. */
async function actorLabels(db: TradeDb, actors: readonly string[]): Promise<Map<string, string>> {
  const staffIds = [
    ...new Set(actors.filter((actor) => actor.startsWith('staff:')).map((actor) => actor.slice(6))),
  ];
  const staff =
    staffIds.length === 0
      ? []
      : await db.selectFrom('staff').select(['id', 'email']).where('id', 'in', staffIds).execute();
  const emails = new Map(staff.map((member) => [`staff:${member.id}`, member.email]));
  return new Map(
    actors.map((actor) => [actor, emails.get(actor) ?? actor.replace(/^ops:/, '')] as const),
  );
}

type BatchRow = {
  batch_number: string;
  method: string;
  state: string;
  trade_count: number;
  total_cents: number;
  file_name: string;
  created_at: string;
  created_by: string;
  closed_at: string | null;
  closed_by: string | null;
};

const batchColumns = [
  'batch_number',
  'method',
  'state',
  'trade_count',
  'total_cents',
  'file_name',
  'created_at',
  'created_by',
  'closed_at',
  'closed_by',
] as const;

function summaryOf(row: BatchRow, labels: Map<string, string>): PayoutBatchSummary {
  const actor = (id: string) => ({ actor: id, label: labels.get(id) ?? id });
  return {
    batchNumber: row.batch_number,
    method: row.method === 'paypal' ? 'paypal' : 'sepa',
    state: row.state === 'confirmed' || row.state === 'cancelled' ? row.state : 'open',
    tradeCount: row.trade_count,
    totalCents: row.total_cents,
    fileName: row.file_name,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: actor(row.created_by),
    closedAt: row.closed_at === null ? null : new Date(row.closed_at).toISOString(),
    closedBy: row.closed_by === null ? null : actor(row.closed_by),
  };
}

/** One page of batches, newest first. */
export async function payoutBatchesPage(
  db: TradeDb,
  query: PayoutBatchesQuery,
): Promise<PayoutBatchesPage> {
  let rows = db.selectFrom('payout_batches');
  if (query.state !== undefined) rows = rows.where('state', '=', query.state);
  const page = await rows
    .select([...batchColumns])
    .orderBy('id', 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const counted = await rows
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const labels = await actorLabels(
    db,
    page.flatMap((row) => [row.created_by, ...(row.closed_by === null ? [] : [row.closed_by])]),
  );
  return { rows: page.map((row) => summaryOf(row, labels)), total: Number(counted.count) };
}

/** A batch with its trades; a {@link PayoutBatchError} when there is none. */
export async function payoutBatchDetail(
  db: TradeDb,
  batchNumber: string,
): Promise<PayoutBatchDetail> {
  const row = await db
    .selectFrom('payout_batches')
    .select(['id', ...batchColumns])
    .where('batch_number', '=', batchNumber)
    .executeTakeFirst();
  if (row === undefined) {
    throw new PayoutBatchError(
      [`There is no payout batch ${batchNumber}`],
      [{ reason: 'unknownBatch', message: `There is no payout batch ${batchNumber}` }],
    );
  }
  const trades = await db
    .selectFrom('payout_batch_trades')
    .innerJoin('trades', 'trades.id', 'payout_batch_trades.trade_id')
    .leftJoin('customers', 'customers.id', 'trades.customer_id')
    .select([
      'trades.trade_number',
      'trades.status',
      'trades.payment_type',
      'trades.payout_details',
      'payout_batch_trades.amount_cents',
      'customers.first_name',
      'customers.last_name',
    ])
    .where('payout_batch_trades.batch_id', '=', row.id)
    .orderBy('trades.trade_number')
    .execute();
  const labels = await actorLabels(db, [
    row.created_by,
    ...(row.closed_by === null ? [] : [row.closed_by]),
  ]);
  return {
    batch: summaryOf(row, labels),
    trades: trades.map((trade) => ({
      tradeNumber: trade.trade_number,
      status: trade.status,
      customerName: nameOf(trade.first_name, trade.last_name),
      payee: payeeOf(methodOf(trade.payment_type), trade.payout_details),
      amountCents: trade.amount_cents,
    })),
  };
}
