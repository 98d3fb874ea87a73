import type { Kysely } from 'kysely';
import type { TradeDb } from '../db/create-database.ts';
import type { ControllingEventsTable, TradeDatabase } from '../db/schema.ts';

/** Columns the `tracking-newsletter` migration adds to `controlling_events`. */
export interface ControllingEventExtraColumns {
  /** SHA-256 (hex) of the event's client, application, url, name and fields: finds retries. */
  event_key: string | null;
}

/** The database as the tracking code sees it, with the migration's columns. */
export type TrackingDatabase = Omit<TradeDatabase, 'controlling_events'> & {
  controlling_events: ControllingEventsTable & ControllingEventExtraColumns;
};

/** The same handle typed with the tracking columns (they exist once the migration ran). */
export function trackingDb(db: TradeDb): Kysely<TrackingDatabase> {
  return db as unknown as Kysely<TrackingDatabase>;
}
