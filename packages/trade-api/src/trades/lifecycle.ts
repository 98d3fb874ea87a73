import { randomUUID } from 'node:crypto';
import { copyFile, mkdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { TradeStatus } from '@tradein/contract';
import { offerValidityDays } from '@tradein/editions';
import type { TradeDb } from '../db/create-database.ts';
import { loadOfferDevice } from './offer-catalogue.ts';
import type { TradeDeps } from './trade-deps.ts';
import { sendClarificationMail, sendPaidMail } from './trade-mail.ts';
import { loadTrade, revisedItemsTotal, type TradeRecord } from './trade-view.ts';
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
}

async function customerEmail(deps: TradeDeps, record: TradeRecord): Promise<string | null> {
  if (record.customerId === null) return null;
  const row = await deps.db
    .selectFrom('customers')
    .select('email')
    .where('id', '=', record.customerId)
    .executeTakeFirst();
  return row?.email ?? null;
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

/**
 * Revises the offer of one inspected line: a new offer row with the found answers and the
 * revised price, an open clarification, status clarification (inspected → clarification, or
 * another line while already in clarification), and a mail asking the customer to decide.
 */
export async function clarifyTrade(
  deps: TradeDeps,
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
    // A new revision of a line replaces its open one.
    await db
      .updateTable('clarifications')
      .set({ state: 'expired', answered_at: at })
      .where('trade_item_id', '=', item.id)
      .where('state', '=', 'open')
      .execute();
    await db
      .insertInto('clarifications')
      .values({
        trade_id: record.id,
        trade_item_id: item.id,
        revised_offer_id: offerId,
        state: 'open',
        reason: input.reason ?? null,
        created_at: at,
        answered_at: null,
      })
      .execute();
    await db
      .updateTable('trade_items')
      .set({ revised_price_cents: input.priceCents })
      .where('id', '=', item.id)
      .execute();
    if (record.status === 'inspected') {
      await transition(db, record, 'clarification', at, input.reason ?? null);
    }
  });
  const updated = await requireTrade(deps, tradeNumber);
  const email = await customerEmail(deps, updated);
  if (email !== null) {
    const itemsTotal = revisedItemsTotal(updated);
    const bonus = await revisedVoucherBonus(deps.db, updated.voucherCode, itemsTotal);
    await sendClarificationMail(deps.db, deps.mailer, now, updated, email, itemsTotal + bonus);
  }
  return updated;
}

/**
 * Settles an open clarification: `accept` applies the revised prices to the total
 * (clarification → accepted), `return` sends the devices back (clarification → returned).
 */
export async function decideClarification(
  deps: TradeDeps,
  tradeNumber: string,
  decision: 'accept' | 'return',
  by: 'customer' | 'operator',
): Promise<TradeRecord> {
  const record = await requireTrade(deps, tradeNumber);
  const to: TradeStatus = decision === 'accept' ? 'accepted' : 'returned';
  const at = deps.clock().toISOString();
  await deps.db.transaction().execute(async (db) => {
    const extra: { total_cents?: number; voucher_bonus_cents?: number } = {};
    if (decision === 'accept') {
      const itemsTotal = revisedItemsTotal(record);
      const bonus = await revisedVoucherBonus(db, record.voucherCode, itemsTotal);
      extra.total_cents = itemsTotal + bonus;
      extra.voucher_bonus_cents = bonus;
    }
    await transition(db, record, to, at, `${decision} by ${by}`, extra);
    await db
      .updateTable('clarifications')
      .set({ state: to, answered_at: at })
      .where('trade_id', '=', record.id)
      .where('state', '=', 'open')
      .execute();
  });
  return requireTrade(deps, tradeNumber);
}

/** The payout went out: inspected → paid (findings matched) or accepted → paid; mails the customer. */
export async function payTrade(deps: TradeDeps, tradeNumber: string): Promise<TradeRecord> {
  const record = await requireTrade(deps, tradeNumber);
  const now = deps.clock();
  await deps.db
    .transaction()
    .execute((trx) => transition(trx, record, 'paid', now.toISOString(), null));
  const updated = await requireTrade(deps, tradeNumber);
  const email = await customerEmail(deps, updated);
  if (email !== null) await sendPaidMail(deps.db, deps.mailer, now, updated, email);
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
}

/** Trades, newest first, optionally of one status. */
export async function listTrades(
  deps: Pick<TradeDeps, 'db'>,
  status?: TradeStatus,
): Promise<TradeListEntry[]> {
  let query = deps.db
    .selectFrom('trades')
    .leftJoin('trade_items', 'trade_items.trade_id', 'trades.id')
    .select((eb) => [
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
  return rows.map((row) => ({
    tradeNumber: row.trade_number,
    status: row.status,
    edition: row.edition,
    totalCents: row.total_cents,
    createdAt: row.created_at,
    items: Number(row.items),
  }));
}
