import type { Kysely } from 'kysely';
import type { TradeDb } from '../db/create-database.ts';
import type { Timestamp, TradeDatabase } from '../db/schema.ts';

/** A voucher: a bonus on the payout of a trade (migration `trades`). */
export interface VouchersTable {
  /** Upper-case code as printed. */
  code: string;
  /** `percent`: `value` is basis points of the items total; `fixed`: `value` is cents. */
  kind: string;
  value: number;
  /** Smallest items total the voucher applies to, in cents. */
  min_total_cents: number;
  /** JSON array of edition codes, or null for every edition. */
  editions: string | null;
  valid_from: Timestamp;
  valid_until: Timestamp | null;
  created_at: Timestamp;
}

/** Columns the `trades` migration adds to tables of `0001_initial`. */
interface TradeExtraColumns {
  /** Bonus of the voucher in cents, included in `total_cents`. */
  voucher_bonus_cents: number;
}
interface ClarificationExtraColumns {
  /** Why the offer was revised, as the operator wrote it. */
  reason: string | null;
}

/** The database as the trades feature sees it: the shared tables plus its own additions. */
export type TradesDatabase = Omit<TradeDatabase, 'trades' | 'clarifications'> & {
  trades: TradeDatabase['trades'] & TradeExtraColumns;
  clarifications: TradeDatabase['clarifications'] & ClarificationExtraColumns;
  vouchers: VouchersTable;
};

/** A handle typed with the trades feature's tables. */
export type TradesDb = Kysely<TradesDatabase>;

/** The same handle, seen with the columns the `trades` migration adds. */
export function tradesDb(db: TradeDb): TradesDb {
  return db as unknown as TradesDb;
}
