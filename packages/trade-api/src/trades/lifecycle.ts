import { randomUUID } from 'node:crypto';
import { copyFile, mkdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { TradeStatus } from '@tradein/contract';
import { offerValidityDays } from '@tradein/editions';
import type { TradeDb } from '../db/create-database.ts';
import { loadOfferDevice } from './offer-catalogue.ts';
import type { TradeDeps } from './trade-deps.ts';
import {
  enqueueRevisionMail,
  enqueueTradeStatusMail,
  sendTradeMailsNow,
} from '../jobs/trade-mail-jobs.ts';
import {
  currentItemsTotal,
  isLineOpen,
  isLineReturned,
  lineRevision,
  loadTrade,
  revisionDirection,
  type TradeRecord,
} from './trade-view.ts';
import { revisedVoucherBonus } from './vouchers.ts';
import { apiErrorCode } from '@tradein/contract';

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

/** A lifecycle step that is not allowed, or names something that does not exist. */
export class LifecycleError extends Error {
  /** `not_found` (no such trade or line) or `invalid` (wrong status or input). */
  readonly kind: typeof apiErrorCode.notFound | 'invalid';
  constructor(kind: typeof apiErrorCode.notFound | 'invalid', message: string) {
    super(message);
    this.name = 'LifecycleError';
    this.kind = kind;
  }
}

const dayMs = 24 * 60 * 60 * 1000;

async function requireTrade(deps: TradeDeps, tradeNumber: string): Promise<TradeRecord> {
  const record = await loadTrade(deps.db, tradeNumber);
  if (record === null)
    throw new LifecycleError(apiErrorCode.notFound, `There is no trade ${tradeNumber}`);
  return record;
}

/**
 * Moves a trade from one status to the next inside a transaction. The update is conditional on
 * the old status, so two operators (or nodes) cannot both apply a step.
 */
async function transition(
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
  if (Number(result.numUpdatedRows) !== 1) {
    throw new LifecycleError('invalid', `Trade ${record.tradeNumber} changed meanwhile; try again`);
  }
  await db
    .insertInto('trade_events')
    .values({ trade_id: record.id, status: to, note, created_at: at })
    .execute();
  // The customer's mail of this change, committed with it (jobs/trade-mail-jobs.ts).
  await enqueueTradeStatusMail(db, record, to, at);
}

function lineOf(record: TradeRecord, position: number): TradeRecord['items'][number] {
  const item = record.items.find((candidate) => candidate.position === position);
  if (item === undefined) {
    throw new LifecycleError(
      apiErrorCode.notFound,
      `Trade ${record.tradeNumber} has no item ${position} (it has ${record.items.length})`,
    );
  }
  return item;
}

/** The parcel arrived: created → received. */
export async function receiveTrade(deps: TradeDeps, tradeNumber: string): Promise<TradeRecord> {
  const record = await requireTrade(deps, tradeNumber);
  await deps.db
    .transaction()
    .execute((trx) => transition(trx, record, 'received', deps.clock().toISOString(), null));
  return requireTrade(deps, tradeNumber);
}

/** One inspected line: what was found per question code, and an optional photo to keep. */
export interface InspectionInput {
  item: number;
  /** Question code → answer code as found; questions left out count as answered correctly. */
  findings: Record<string, string>;
  /** A photo file to copy into the data folder. */
  photo?: string;
}

/**
 * Records what the inspection found for one line (received → inspected on the first line; later
 * lines while inspected). Codes must be questions and answers of the device's category.
 */
export async function inspectTrade(
  deps: TradeDeps & { dataDir: string },
  tradeNumber: string,
  input: InspectionInput,
): Promise<TradeRecord> {
  const record = await requireTrade(deps, tradeNumber);
  if (record.status !== 'received' && record.status !== 'inspected') {
    throw new LifecycleError(
      'invalid',
      `Trade ${tradeNumber} is ${record.status}; only received or inspected trades can be inspected`,
    );
  }
  const item = lineOf(record, input.item);
  const device = await loadOfferDevice(deps.db, item.deviceId, record.edition);
  if (device === null)
    throw new LifecycleError('invalid', `Device ${item.deviceId} is no longer in the catalogue`);
  for (const [questionCode, answerCode] of Object.entries(input.findings)) {
    const question = device.questions.find((candidate) => candidate.code === questionCode);
    if (question === undefined) {
      throw new LifecycleError(
        'invalid',
        `Question ${questionCode} is not asked for this device; use one of ${device.questions.map((q) => q.code).join(', ')}`,
      );
    }
    if (!question.answers.some((answer) => answer.code === answerCode)) {
      throw new LifecycleError(
        'invalid',
        `Answer ${answerCode} is not an answer of ${questionCode}; use one of ${question.answers.map((a) => a.code).join(', ')}`,
      );
    }
  }
  const findings = { ...item.answered, ...input.findings };
  let photoPath: string | null = item.photoPath;
  if (input.photo !== undefined) {
    const folder = join(deps.dataDir, 'inspection-photos');
    await mkdir(folder, { recursive: true });
    const name = `${tradeNumber}-${input.item}-${randomUUID()}${extname(input.photo).toLowerCase()}`;
    await copyFile(input.photo, join(folder, name));
    photoPath = join('inspection-photos', name);
  }
  const at = deps.clock().toISOString();
  await deps.db.transaction().execute(async (db) => {
    await db
      .updateTable('trade_items')
      .set({ inspection_findings: JSON.stringify(findings), photo_path: photoPath })
      .where('id', '=', item.id)
      .execute();
    if (record.status === 'received') await transition(db, record, 'inspected', at, null);
  });
  return requireTrade(deps, tradeNumber);
}

/** A revised offer for one line. */
export interface ClarificationInput {
  item: number;
  /** Revised price per piece in cents. */
  priceCents: number;
  reason?: string;
}

/** What revising an offer needs besides {@link TradeDeps}: the shop origin the mail links to. */
export type ClarifyDeps = TradeDeps & { publicOrigin: string };

/**
 * Revises the offer of one inspected line with a new offer row (the found answers, the revised
 * price, 14 days) and mails the customer a clarification link.
 *
 * A lower (or equal) price opens a clarification for the line: status clarification
 * (inspected → clarification, or another line while already in clarification), and the mail
 * asks for a decision per device. A higher price (upward correction) is accepted at once: the
 * trade stays where it is (inspected, paid later as usual) and the mail tells the good news; if
 * it closes the last open line of a clarification, the trade is accepted.
 */
export async function clarifyTrade(
  deps: ClarifyDeps,
  tradeNumber: string,
  input: ClarificationInput,
): Promise<TradeRecord> {
  if (!Number.isSafeInteger(input.priceCents) || input.priceCents < 0) {
    throw new LifecycleError(
      'invalid',
      'The revised price must be a whole, non-negative number of cents',
    );
  }
  const record = await requireTrade(deps, tradeNumber);
  if (record.status !== 'inspected' && record.status !== 'clarification') {
    throw new LifecycleError(
      'invalid',
      `Trade ${tradeNumber} is ${record.status}; only an inspected trade can be clarified`,
    );
  }
  const item = lineOf(record, input.item);
  if (item.found === null) {
    throw new LifecycleError('invalid', `Item ${input.item} has not been inspected yet`);
  }
  const previous = lineRevision(record, item);
  if (previous !== undefined && decidedByCustomer(item, previous)) {
    throw new LifecycleError(
      'invalid',
      `Item ${input.item} has been decided already (${previous.state}); it cannot be revised again`,
    );
  }
  const upward = input.priceCents > item.priceCents;
  const now = deps.clock();
  const at = now.toISOString();
  await deps.db.transaction().execute(async (db) => {
    const offerId = randomUUID();
    await db
      .insertInto('offers')
      .values({
        id: offerId,
        device_id: item.deviceId,
        edition: record.edition,
        answers: JSON.stringify(item.found),
        price_cents: input.priceCents,
        is_recycling: 0,
        valid_until: new Date(now.getTime() + offerValidityDays * dayMs).toISOString(),
        customer_id: record.customerId,
        created_at: at,
      })
      .execute();
    // A new revision of a line replaces the one before (open, or accepted upward).
    if (previous !== undefined) {
      // Only as it was read: a decision taken meanwhile is not undone.
      const replaced = await db
        .updateTable('clarifications')
        .set({ state: 'expired', answered_at: at })
        .where('id', '=', previous.id)
        .where('state', '=', previous.state)
        .executeTakeFirst();
      if (Number(replaced.numUpdatedRows) !== 1) {
        throw new LifecycleError('invalid', `Trade ${tradeNumber} changed meanwhile; try again`);
      }
    }
    await db
      .insertInto('clarifications')
      .values({
        trade_id: record.id,
        trade_item_id: item.id,
        revised_offer_id: offerId,
        // A higher price needs nobody's consent.
        state: upward ? 'accepted' : 'open',
        reason: input.reason ?? null,
        created_at: at,
        answered_at: upward ? at : null,
      })
      .execute();
    await db
      .updateTable('trade_items')
      .set({ revised_price_cents: input.priceCents })
      .where('id', '=', item.id)
      .execute();
    const revised = await loadTrade(db, tradeNumber);
    if (revised === null)
      throw new LifecycleError(apiErrorCode.notFound, `There is no trade ${tradeNumber}`);
    const anyOpen = revised.items.some((line) => isLineOpen(revised, line));
    if (record.status === 'inspected' && anyOpen) {
      // The total goes back to the checkout price of the line, should it have been raised before.
      const totals = await totalsOf(db, revised);
      await transition(db, record, 'clarification', at, input.reason ?? null, totals);
    } else if (record.status === 'clarification' && !anyOpen) {
      // The upward revision replaced the last open one: nothing is left to decide.
      await transition(db, record, 'accepted', at, 'revised upward', await totalsOf(db, revised));
    } else {
      // The status stays; the total follows the revision (an upward one is paid at once).
      await updateTotals(db, record, at, await totalsOf(db, revised));
    }
    // The mail of the revision (with its clarification link) is a job of this transaction.
    await enqueueRevisionMail(db, record, { position: item.position, upward, at });
  });
  const updated = await requireTrade(deps, tradeNumber);
  await sendTradeMailsNow(deps, updated);
  return updated;
}

/** Whether the customer (or an operator for them) decided a revision; an upward one decides itself. */
function decidedByCustomer(
  item: TradeRecord['items'][number],
  revision: TradeRecord['clarifications'][number],
): boolean {
  if (revision.state === 'returned') return true;
  return revision.state === 'accepted' && revisionDirection(item, revision) !== 'up';
}

/** The trade total as the lines stand (accepted revisions, returned lines out) with its bonus. */
async function totalsOf(
  db: TradeDb,
  record: TradeRecord,
): Promise<{ total_cents: number; voucher_bonus_cents: number }> {
  const itemsTotal = currentItemsTotal(record);
  const bonus = await revisedVoucherBonus(db, record.voucherCode, itemsTotal);
  return { total_cents: itemsTotal + bonus, voucher_bonus_cents: bonus };
}

/**
 * Writes new totals without changing the status, on the condition that the status is still the
 * one read, so a step another operator took meanwhile is not overwritten.
 */
async function updateTotals(
  db: TradeDb,
  record: TradeRecord,
  at: string,
  totals: { total_cents: number; voucher_bonus_cents: number },
): Promise<void> {
  const result = await db
    .updateTable('trades')
    .set({ ...totals, updated_at: at })
    .where('id', '=', record.id)
    .where('status', '=', record.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    throw new LifecycleError('invalid', `Trade ${record.tradeNumber} changed meanwhile; try again`);
  }
}

/** A decision for one device: its line's position and accept or return. */
export interface LineDecision {
  position: number;
  decision: 'accept' | 'return';
}

/**
 * A decision that does not fit the trade: `answered` when the trade or a named line waits for
 * no decision (any more), `decisions` when the set of decisions names a line that has no open
 * revised offer or leaves an open one out.
 */
export class ClarificationDecisionError extends LifecycleError {
  readonly problem: 'answered' | 'decisions';
  constructor(problem: 'answered' | 'decisions', message: string) {
    super('invalid', message);
    this.name = 'ClarificationDecisionError';
    this.problem = problem;
  }
}

/** How a set of decisions is meant: the whole trade, every open line, or some lines only. */
export type DecisionScope =
  | { kind: 'trade'; decision: 'accept' | 'return' }
  | { kind: 'lines'; decisions: readonly LineDecision[]; partial: boolean };

/**
 * Settles the open clarification of a whole trade: `accept` takes every open revised offer
 * (clarification → accepted, total recomputed), `return` sends every device back
 * (clarification → returned; nothing is paid).
 */
export function decideClarification(
  deps: TradeDeps,
  tradeNumber: string,
  decision: 'accept' | 'return',
  by: 'customer' | 'operator',
): Promise<TradeRecord> {
  return decide(deps, tradeNumber, { kind: 'trade', decision }, by);
}

/**
 * Decides the open lines of a clarification one by one: `decisions` names every open line once
 * (unless `partial`, as the quick answer of one device). Once no line is open the trade moves
 * on: accepted and paid for the devices it keeps (returned ones leave the total, the voucher
 * bonus is recomputed), or returned when every device goes back.
 */
export function decideClarificationLines(
  deps: TradeDeps,
  tradeNumber: string,
  decisions: readonly LineDecision[],
  by: 'customer' | 'operator',
  options: { partial?: boolean } = {},
): Promise<TradeRecord> {
  return decide(
    deps,
    tradeNumber,
    { kind: 'lines', decisions, partial: options.partial ?? false },
    by,
  );
}

/** The open revisions a scope decides, checked against the trade. */
function plannedDecisions(
  record: TradeRecord,
  scope: DecisionScope,
): { item: TradeRecord['items'][number]; revisionId: number; decision: 'accept' | 'return' }[] {
  const open = record.items.filter((item) => isLineOpen(record, item));
  const revisionOf = (item: TradeRecord['items'][number]) => lineRevision(record, item)?.id ?? 0;
  if (scope.kind === 'trade') {
    return open.map((item) => ({ item, revisionId: revisionOf(item), decision: scope.decision }));
  }
  const planned = scope.decisions.map(({ position, decision }) => {
    const item = record.items.find((candidate) => candidate.position === position);
    if (item === undefined) {
      throw new ClarificationDecisionError(
        'decisions',
        `Trade ${record.tradeNumber} has no device ${position} (it has ${record.items.length})`,
      );
    }
    const revision = lineRevision(record, item);
    if (revision === undefined) {
      throw new ClarificationDecisionError(
        'decisions',
        `Device ${position} of trade ${record.tradeNumber} has no revised offer to decide`,
      );
    }
    if (revision.state !== 'open') {
      throw new ClarificationDecisionError(
        'answered',
        `Device ${position} of trade ${record.tradeNumber} has been decided already`,
      );
    }
    return { item, revisionId: revision.id, decision };
  });
  const missing = open.filter((item) => !planned.some((entry) => entry.item.id === item.id));
  if (!scope.partial && missing.length > 0) {
    throw new ClarificationDecisionError(
      'decisions',
      `Decide for every open device of trade ${record.tradeNumber}; missing: ${missing.map((item) => item.position).join(', ')}`,
    );
  }
  return planned;
}

/** A note for the trade's event: who decided what, per device. */
function decisionNote(
  scope: DecisionScope,
  planned: readonly { item: { position: number }; decision: string }[],
  by: string,
): string {
  if (scope.kind === 'trade') return `${scope.decision} by ${by}`;
  const lines = planned.map((entry) => `${entry.item.position} ${entry.decision}`).join(', ');
  return `devices ${lines} by ${by}`;
}

async function decide(
  deps: TradeDeps,
  tradeNumber: string,
  scope: DecisionScope,
  by: 'customer' | 'operator',
): Promise<TradeRecord> {
  const at = deps.clock().toISOString();
  await deps.db.transaction().execute((trx) => decideWithin(trx, tradeNumber, scope, by, at));
  return requireTrade(deps, tradeNumber);
}

/**
 * Applies decisions inside the caller's transaction and answers the trade's status afterwards:
 * still `clarification` while lines are open, else `accepted` or `returned`. Throws (and the
 * caller rolls back) when the decisions do not fit the trade.
 */
export async function decideWithin(
  db: TradeDb,
  tradeNumber: string,
  scope: DecisionScope,
  by: 'customer' | 'operator',
  at: string,
): Promise<TradeStatus> {
  const record = await loadTrade(db, tradeNumber);
  if (record === null) {
    throw new LifecycleError(apiErrorCode.notFound, `There is no trade ${tradeNumber}`);
  }
  if (record.status !== 'clarification') {
    // The whole-trade decision keeps its old answer: the step is not allowed.
    if (scope.kind === 'trade') {
      const to: TradeStatus = scope.decision === 'accept' ? 'accepted' : 'returned';
      throw new LifecycleError(
        'invalid',
        `Trade ${tradeNumber} is ${record.status}; it cannot become ${to}`,
      );
    }
    throw new ClarificationDecisionError(
      'answered',
      `Trade ${tradeNumber} is ${record.status} and waits for no decision`,
    );
  }
  const planned = plannedDecisions(record, scope);
  // Taking the trade row first makes decisions on one trade wait for each other (PostgreSQL
  // row lock; SQLite writes one transaction at a time), so the last open line is seen as the
  // last by exactly one of them.
  const claimed = await db
    .updateTable('trades')
    .set({ updated_at: at })
    .where('id', '=', record.id)
    .where('status', '=', 'clarification')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    throw new ClarificationDecisionError('answered', `Trade ${tradeNumber} was decided meanwhile`);
  }
  for (const entry of planned) {
    const result = await db
      .updateTable('clarifications')
      .set({ state: entry.decision === 'accept' ? 'accepted' : 'returned', answered_at: at })
      .where('id', '=', entry.revisionId)
      .where('state', '=', 'open')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      throw new ClarificationDecisionError(
        'answered',
        `Device ${entry.item.position} of trade ${tradeNumber} was decided meanwhile`,
      );
    }
  }
  const decided = await loadTrade(db, tradeNumber);
  if (decided === null) {
    throw new LifecycleError(apiErrorCode.notFound, `There is no trade ${tradeNumber}`);
  }
  if (decided.items.some((item) => isLineOpen(decided, item))) return decided.status;
  const note = decisionNote(scope, planned, by);
  const keepsDevices = decided.items.some((item) => !isLineReturned(decided, item));
  if ((scope.kind === 'trade' && scope.decision === 'return') || !keepsDevices) {
    await transition(db, decided, 'returned', at, note);
    return 'returned';
  }
  await transition(db, decided, 'accepted', at, note, await totalsOf(db, decided));
  return 'accepted';
}

/** The payout went out: inspected → paid (findings matched) or accepted → paid; mails the customer. */
export async function payTrade(deps: TradeDeps, tradeNumber: string): Promise<TradeRecord> {
  const record = await requireTrade(deps, tradeNumber);
  const now = deps.clock();
  await deps.db
    .transaction()
    .execute((trx) => transition(trx, record, 'paid', now.toISOString(), null));
  const updated = await requireTrade(deps, tradeNumber);
  // The paid mail was enqueued with the step; the seller hears of the payout at once.
  await sendTradeMailsNow(deps, updated);
  return updated;
}

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

/** Trades, newest first, optionally of one status, with the decisions on their revised lines. */
export async function listTrades(
  deps: Pick<TradeDeps, 'db'>,
  status?: TradeStatus,
): Promise<TradeListEntry[]> {
  let query = deps.db
    .selectFrom('trades')
    .leftJoin('trade_items', 'trade_items.trade_id', 'trades.id')
    .select((eb) => [
      'trades.id',
      'trades.trade_number',
      'trades.status',
      'trades.edition',
      'trades.total_cents',
      'trades.created_at',
      eb.fn.count<string | number>('trade_items.id').as('items'),
    ])
    .groupBy([
      'trades.id',
      'trades.trade_number',
      'trades.status',
      'trades.edition',
      'trades.total_cents',
      'trades.created_at',
    ])
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
