import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Generated,
  type Kysely,
  type SqlBool,
} from 'kysely';
import { databaseDialect, type TradeDb } from './create-database.ts';
import type { TradeDatabase } from './schema.ts';

/*
 * Caps on uses per rolling window (contact messages, trade mails of guests, account mails),
 * exact with parallel requests on one API node or several: each use writes its claim row first,
 * then counts only the claims up to its own id in the window, and releases its row again when it
 * is over a cap. SQLite has one writer, so rows become visible in the order of their ids. On
 * PostgreSQL ids are drawn before commit, so a smaller id can become visible after a larger one
 * has been counted; there the claim runs in a transaction holding an advisory lock per claim
 * table, which makes claims of one table take turns (a claim takes a few milliseconds).
 */

/** Tables whose rows are claims of capped uses: a generated id and the time of the claim. */
type ClaimTable = 'contact_messages' | 'trade_mail_claims' | 'mail_log';

/** The columns every claim table has. */
interface ClaimRow {
  id: Generated<number>;
  created_at: string;
}

/** A condition on claim rows, as the count query sees a cap. */
type ClaimCondition = (
  eb: ExpressionBuilder<{ claims: ClaimRow }, 'claims'>,
) => Expression<SqlBool>;

/** One cap: at most `max` of the claims that `counts` selects (one address, one client, …). */
export interface WindowedCap<T extends ClaimTable> {
  counts: (eb: ExpressionBuilder<TradeDatabase, T>) => Expression<SqlBool>;
  max: number;
}

/** A use to claim: where its row goes and which caps it counts against. */
export interface WindowedClaim<T extends ClaimTable> {
  table: T;
  /** Writes the claim's row through `db` (the claim's transaction); answers its id. */
  insert: (db: TradeDb) => Promise<number>;
  /** Undoes a claim over a cap through `db`, so that it counts for nobody (delete it, or mark it refused). */
  release: (db: TradeDb, claimId: number) => Promise<void>;
  caps: readonly WindowedCap<T>[];
  windowMs: number;
  now: Date;
}

/** What a claim came to: its row, or the seconds to wait before a cap has room again. */
export type ClaimOutcome = { claimId: number } | { retryAfterSeconds: number };

/** Seconds from `now` until `since` plus `windowMs`, at least one: when a counted time leaves. */
export function secondsUntilFree(since: string, windowMs: number, now: Date): number {
  return Math.max(1, Math.ceil((new Date(since).getTime() + windowMs - now.getTime()) / 1000));
}

/** First key of the advisory locks that order claims (the second is the claim table's hash). */
const claimLockSpace = 7_305_001;

/**
 * Claims one use within its caps. Over a cap, the claim is released again and the answer is the
 * wait until the oldest counted claim of the fullest cap leaves the window (for `Retry-After`).
 */
export function claimWithinCaps<T extends ClaimTable>(
  db: TradeDb,
  claim: WindowedClaim<T>,
): Promise<ClaimOutcome> {
  if (databaseDialect(db) === 'sqlite') return claimInOrder(db, claim);
  const locked = async (trx: TradeDb): Promise<ClaimOutcome> => {
    await sql`select pg_advisory_xact_lock(${claimLockSpace}::integer, hashtext(${claim.table}))`.execute(
      trx,
    );
    return claimInOrder(trx, claim);
  };
  // Inside a caller's transaction (a checkout), the lock is held until that transaction ends,
  // when its claim row becomes visible to the next claim.
  return db.isTransaction ? locked(db) : db.transaction().execute(locked);
}

/** Claims once the claims made before this one are all visible to it. */
async function claimInOrder<T extends ClaimTable>(
  db: TradeDb,
  claim: WindowedClaim<T>,
): Promise<ClaimOutcome> {
  const claimId = await claim.insert(db);
  const since = new Date(claim.now.getTime() - claim.windowMs).toISOString();
  // Kysely cannot resolve columns of a table named by a type parameter, so the count is written
  // for a table of just the columns every claim table has; the caps stay typed for their table.
  const claims = db as unknown as Kysely<{ claims: ClaimRow }>;
  const counted = await Promise.all(
    claim.caps.map(async (cap) => {
      const row = await claims
        .selectFrom(claim.table as unknown as 'claims')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .where(cap.counts as unknown as ClaimCondition)
        .where('created_at', '>', since)
        .where('id', '<=', claimId)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), oldest: row.oldest, max: cap.max };
    }),
  );
  const full = counted.filter(({ count, max }) => count > max);
  if (full.length === 0) return { claimId };
  await claim.release(db, claimId);
  const waits = full.map(({ oldest }) =>
    secondsUntilFree(oldest ?? claim.now.toISOString(), claim.windowMs, claim.now),
  );
  return { retryAfterSeconds: Math.max(...waits) };
}
