import type { TradeDb } from '../db/create-database.ts';

/*
 * The audit log (docs/staff.md, "Audit log"): who changed what, when, from which command line or
 * screen, with the record before and after. Append-only: this module inserts and reads; no code
 * path updates or deletes its rows. A change writes its event in its own transaction, so a
 * change is never without its event, nor an event without its change.
 */

/** Who makes a change: the actor key, its label at the time, and the command line or screen. */
export interface AuditActor {
  /** `staff:<id>`, `ops:<login>`, `seller`, … */
  actor: string;
  /** The staff member's e-mail address or the operator's login, as it was at the time. */
  label: string;
  /** The command line or screen, e.g. `staff add a@example.com --role admin`. */
  source: string;
}

/** One change to record. */
export interface AuditEventInput {
  by: AuditActor;
  /** E.g. `staff.invited`, `staff.roles_changed`, `trade.received`, `price.changed`. */
  action: string;
  subjectType: string;
  subjectId: string;
  /** The record before the change (null: it did not exist). */
  before: unknown;
  /** The record after the change (null: it no longer exists). */
  after: unknown;
  at: Date;
}

/** An event as read back. */
export interface AuditEvent {
  id: number;
  at: string;
  actor: string;
  actorLabel: string;
  action: string;
  subjectType: string;
  subjectId: string;
  before: unknown;
  after: unknown;
  source: string;
}

/** JSON text of a record, or null for none. */
function jsonOf(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** Appends one event; call it with the transaction that makes the change. */
export async function recordAudit(trx: TradeDb, event: AuditEventInput): Promise<void> {
  await trx
    .insertInto('audit_events')
    .values({
      at: event.at.toISOString(),
      actor: event.by.actor,
      actor_label: event.by.label,
      action: event.action,
      subject_type: event.subjectType,
      subject_id: event.subjectId,
      before: jsonOf(event.before),
      after: jsonOf(event.after),
      source: event.by.source,
    })
    .execute();
}

/** Filters and page of {@link auditEvents}. */
export interface AuditQuery {
  subjectType?: string | undefined;
  subjectId?: string | undefined;
  actor?: string | undefined;
  /** At most this many events. */
  limit: number;
  /** Only events older than this event id (the next page). */
  before?: number | undefined;
}

/** Events matching the filters, newest first. */
export async function auditEvents(db: TradeDb, query: AuditQuery): Promise<AuditEvent[]> {
  let select = db.selectFrom('audit_events').selectAll();
  if (query.subjectType !== undefined)
    select = select.where('subject_type', '=', query.subjectType);
  if (query.subjectId !== undefined) select = select.where('subject_id', '=', query.subjectId);
  if (query.actor !== undefined) select = select.where('actor', '=', query.actor);
  if (query.before !== undefined) select = select.where('id', '<', query.before);
  const rows = await select.orderBy('id', 'desc').limit(query.limit).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    at: row.at,
    actor: row.actor,
    actorLabel: row.actor_label,
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    before: row.before === null ? null : (JSON.parse(row.before) as unknown),
    after: row.after === null ? null : (JSON.parse(row.after) as unknown),
    source: row.source,
  }));
}
