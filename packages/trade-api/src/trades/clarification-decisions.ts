import type { TradeStatus } from '@tradein/contract';
import type { TradeDb } from '../db/create-database.ts';
import { ClarificationDecisionError, LifecycleError, noSuchTrade } from './lifecycle-errors.ts';
import { auditTrade, type TradeAuditDeps } from './trade-audit.ts';
import type { TradeDeps } from './trade-deps.ts';
import { requireTrade, totalsOf, transition } from './trade-transition.ts';
import {
  isLineOpen,
  isLineReturned,
  lineRevision,
  loadTrade,
  type TradeRecord,
} from './trade-view.ts';

/*
 * The customer's decisions on revised offers (or an operator's for them): per device, or for the
 * whole trade. Once no device waits for a decision the trade moves on, accepted or returned.
 */

/**
 * What deciding needs: with `audit` (an operator deciding for the seller) the decision is
 * recorded as `trade.decision_recorded`, with `note` (how the seller gave it, e.g. by phone).
 */
export type DecisionDeps = TradeDeps & TradeAuditDeps & { note?: string };

/** A decision for one device: its line's position and accept or return. */
export interface LineDecision {
  position: number;
  decision: 'accept' | 'return';
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
  deps: DecisionDeps,
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
  deps: DecisionDeps,
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
  deps: DecisionDeps,
  tradeNumber: string,
  scope: DecisionScope,
  by: 'customer' | 'operator',
): Promise<TradeRecord> {
  const at = deps.clock().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const before = await loadTrade(trx, tradeNumber);
    const status = await decideWithin(trx, tradeNumber, scope, by, at);
    const decisions =
      scope.kind === 'trade'
        ? (before?.items ?? [])
            .filter((item) => before !== null && isLineOpen(before, item))
            .map((item) => ({ position: item.position, decision: scope.decision }))
        : scope.decisions;
    await auditTrade(trx, deps.audit, {
      action: 'trade.decision_recorded',
      tradeNumber,
      before: { status: before?.status ?? null },
      after: { status, by, decisions, note: deps.note ?? null },
      at,
    });
  });
  return requireTrade(deps.db, tradeNumber);
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
  if (record === null) throw noSuchTrade(tradeNumber);
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
  if (decided === null) throw noSuchTrade(tradeNumber);
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
