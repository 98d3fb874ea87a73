import { randomUUID } from 'node:crypto';
import { offerValidityDays } from '@tradein/editions';
import { enqueueRevisionMail, sendTradeMailsNow } from '../jobs/trade-mail-jobs.ts';
import { daysAfter } from '../time/day.ts';
import { changedMeanwhile, LifecycleError, noSuchTrade } from './lifecycle-errors.ts';
import type { MailLinks } from './shop-links.ts';
import type { TradeDb } from '../db/create-database.ts';
import { auditTrade, type TradeAuditDeps } from './trade-audit.ts';
import type { TradeDeps } from './trade-deps.ts';
import { lineOf, requireTrade, totalsOf, transition, updateTotals } from './trade-transition.ts';
import {
  isLineOpen,
  lineRevision,
  loadTrade,
  revisionDirection,
  type TradeRecord,
} from './trade-view.ts';

/** A revised offer for one line. */
export interface ClarificationInput {
  item: number;
  /** Revised price per piece in cents. */
  priceCents: number;
  reason?: string;
}

/**
 * What revising an offer needs besides {@link TradeDeps}. `links` (the shops' origins and the
 * signing secret) are given only by a process that serves the shop: it then sends the mail of
 * the revision (with the links of the clarification page) at once. The operator command line has
 * none: the mail waits in its job for the next run of a node's worker, which links the shop of
 * the trade's edition and mode.
 */
export type ClarifyDeps = TradeDeps & { links?: MailLinks };

/** Whether the customer (or an operator for them) decided a revision; an upward one decides itself. */
function decidedByCustomer(
  item: TradeRecord['items'][number],
  revision: TradeRecord['clarifications'][number],
): boolean {
  if (revision.state === 'returned') return true;
  return revision.state === 'accepted' && revisionDirection(item, revision) !== 'up';
}

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
  deps: ClarifyDeps & TradeAuditDeps,
  tradeNumber: string,
  input: ClarificationInput,
): Promise<TradeRecord> {
  const record = await requireTrade(deps.db, tradeNumber);
  const now = deps.clock();
  await deps.db.transaction().execute(async (db) => {
    await reviseWithin(db, record, input, now);
    await auditPriceRevision(db, deps.audit, record, input, now.toISOString());
  });
  const updated = await requireTrade(deps.db, tradeNumber);
  // Without the shop's origin only the mails without links go out here (see ClarifyDeps).
  await sendTradeMailsNow(deps, updated);
  return updated;
}

/**
 * Revises the offer of one inspected line inside the caller's transaction (see
 * {@link clarifyTrade}); the caller sends the mail once the transaction is committed.
 */
export async function reviseWithin(
  db: TradeDb,
  record: TradeRecord,
  input: ClarificationInput,
  now: Date,
): Promise<void> {
  const tradeNumber = record.tradeNumber;
  if (!Number.isSafeInteger(input.priceCents) || input.priceCents < 0) {
    throw new LifecycleError(
      'invalid',
      'The revised price must be a whole, non-negative number of cents',
    );
  }
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
  const at = now.toISOString();
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
      valid_until: daysAfter(now, offerValidityDays).toISOString(),
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
    if (Number(replaced.numUpdatedRows) !== 1) throw changedMeanwhile(tradeNumber);
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
  if (revised === null) throw noSuchTrade(tradeNumber);
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
}

/** Records `trade.price_revised` for a revision of a line's price. */
export async function auditPriceRevision(
  db: TradeDb,
  by: TradeAuditDeps['audit'],
  record: TradeRecord,
  input: ClarificationInput & { rulePriceCents?: number; overrideReason?: string | null },
  at: string,
): Promise<void> {
  const item = lineOf(record, input.item);
  await auditTrade(db, by, {
    action: 'trade.price_revised',
    tradeNumber: record.tradeNumber,
    before: {
      position: item.position,
      priceCents: item.revisedPriceCents ?? item.priceCents,
      checkoutPriceCents: item.priceCents,
    },
    after: {
      position: item.position,
      priceCents: input.priceCents,
      reason: input.reason ?? null,
      ...(input.rulePriceCents === undefined ? {} : { rulePriceCents: input.rulePriceCents }),
      ...(input.overrideReason === undefined ? {} : { overrideReason: input.overrideReason }),
    },
    at,
  });
}
