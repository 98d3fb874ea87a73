import type { AuditActor } from '../audit/audit-log.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { TradeDb } from '../db/create-database.ts';

/*
 * The audit events of the trade lifecycle (docs/staff.md, "Audit log"): every step an operator
 * takes on a trade, from the command line or the back office, is recorded with subject type
 * `trade` and the trade number, in the transaction of the step.
 */

/** Who takes a lifecycle step: absent for the seller's own steps, which the trade's events record. */
export interface TradeAuditDeps {
  audit?: AuditActor;
}

/** The actions the lifecycle records. */
export type TradeAuditAction =
  | 'trade.received'
  | 'trade.item_inspected'
  | 'trade.price_revised'
  | 'trade.inspection_photo_added'
  | 'trade.decision_recorded'
  | 'trade.paid';

/** Appends one event of a trade when an actor is given; call it with the step's transaction. */
export async function auditTrade(
  trx: TradeDb,
  by: AuditActor | undefined,
  event: {
    action: TradeAuditAction;
    tradeNumber: string;
    before: unknown;
    after: unknown;
    at: string;
  },
): Promise<void> {
  if (by === undefined) return;
  await recordAudit(trx, {
    by,
    action: event.action,
    subjectType: 'trade',
    subjectId: event.tradeNumber,
    before: event.before,
    after: event.after,
    at: new Date(event.at),
  });
}
