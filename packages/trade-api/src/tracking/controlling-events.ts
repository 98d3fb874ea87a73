import { createHash } from 'node:crypto';
import type { ControllingRequest } from '@tradein/contract';
import type { TradeDb } from '../db/create-database.ts';
import { isIssuedClientId } from './client-ids.ts';

/** How much one client may record, and how long a repeat counts as a retry. */
export interface TrackingLimits {
  /** Most events one client id may record within `windowMs`. */
  eventsPerWindow: number;
  windowMs: number;
  /** An identical event within this time is a retry: answered ok, stored once. */
  duplicateWindowMs: number;
}

/** 120 events per client in 10 minutes (a busy visit sends a few dozen); retries within 10 minutes. */
export const defaultTrackingLimits: TrackingLimits = {
  eventsPerWindow: 120,
  windowMs: 10 * 60_000,
  duplicateWindowMs: 10 * 60_000,
};

/** What became of an event. */
export type RecordOutcome = 'stored' | 'duplicate' | 'unknown-client' | 'rate-limited';

/** JSON with object keys sorted, so equal events give equal text whatever their key order. */
function canonicalJson(value: Readonly<Record<string, unknown>>): string {
  const sorted = Object.fromEntries(
    Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return JSON.stringify(sorted);
}

/**
 * Records one controlling event of §7: only for a client id we issued, at most
 * `eventsPerWindow` per client and window, and an identical event within `duplicateWindowMs`
 * is taken for a retry of the first and not stored again. The event fields and touchpoint
 * parameters are kept as JSON in `payload`.
 */
export async function recordControllingEvent(
  db: TradeDb,
  event: ControllingRequest,
  now: Date,
  limits: TrackingLimits,
): Promise<RecordOutcome> {
  const { clientId, applicationId, url, eventName, ...fields } = event;
  if (!(await isIssuedClientId(db, clientId))) return 'unknown-client';

  const payload = canonicalJson(fields);
  const eventKey = createHash('sha256')
    .update(canonicalJson({ clientId, applicationId, url, eventName, payload }))
    .digest('hex');
  const duplicateSince = new Date(now.getTime() - limits.duplicateWindowMs).toISOString();
  const duplicate = await db
    .selectFrom('controlling_events')
    .select('id')
    .where('event_key', '=', eventKey)
    .where('client_id', '=', clientId)
    .where('created_at', '>=', duplicateSince)
    .executeTakeFirst();
  if (duplicate !== undefined) return 'duplicate';

  const windowStart = new Date(now.getTime() - limits.windowMs).toISOString();
  const recent = await db
    .selectFrom('controlling_events')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('client_id', '=', clientId)
    .where('created_at', '>=', windowStart)
    .executeTakeFirst();
  // PostgreSQL answers count(*) as a bigint string.
  if (Number(recent?.count ?? 0) >= limits.eventsPerWindow) return 'rate-limited';

  const stamp = now.toISOString();
  await db.transaction().execute(async (transaction) => {
    await transaction
      .insertInto('controlling_events')
      .values({
        client_id: clientId,
        application_id: applicationId,
        url,
        event_name: eventName,
        payload,
        event_key: eventKey,
        created_at: stamp,
      })
      .execute();
    await transaction
      .updateTable('client_ids')
      .set({ last_seen_at: stamp })
      .where('id', '=', clientId)
      .execute();
  });
  return 'stored';
}
