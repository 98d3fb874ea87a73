import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { databaseDialect, type TradeDb } from '../db/create-database.ts';
import type { JobsTable, TradeDatabase } from '../db/schema.ts';
import { daysAfter } from '../time/day.ts';

/*
 * The leased job table (migration `0011_jobs`) shared by every API node. A job is enqueued once
 * per dedupe key, claimed by one worker at a time under a lease, and either done, retried later
 * with a growing delay, or kept as failed. Nothing is ever deleted before it ran.
 */

/** A job as stored. */
export type JobRow = Selectable<JobsTable>;

/** A job to enqueue. */
export interface NewJob {
  kind: string;
  /** Unique over all jobs ever enqueued (until done jobs are removed after `doneJobRetentionDays`). */
  dedupeKey: string;
  /** Anything JSON can hold; the job's handler checks it with its schema. */
  payload: unknown;
  /** Not before this moment. */
  runAt: Date;
}

/**
 * How long a failed attempt waits before the next one, by the number of attempts made: 1 min,
 * 5 min, 30 min, 2 h, 12 h. A mail server that is down for a day misses nothing; after the
 * sixth failed attempt the job is kept as failed (with its error) for an operator.
 */
export const retryDelaysMs: readonly number[] = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 60 * 60_000,
  12 * 60 * 60_000,
];

/** How many attempts a job gets: the first and one per retry delay. */
export const maxJobAttempts = retryDelaysMs.length + 1;

/**
 * Done jobs are removed this many days after they ran. Long enough that no reminder or status
 * mail could be enqueued again for the same thing (offers and labels expire after 14 days, and
 * a trade reaches each status once), short enough that the table stays small.
 */
const doneJobRetentionDays = 30;

/** The longest error text kept with a job. */
const maxErrorLength = 2000;

/**
 * Enqueues a job unless one with its dedupe key exists (done or not); answers whether it was
 * added. Runs in the caller's transaction when given one, so the job exists exactly when what
 * caused it was committed.
 */
export async function enqueueJob(db: TradeDb, job: NewJob, now: Date): Promise<boolean> {
  const result = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      dedupe_key: job.dedupeKey,
      payload: JSON.stringify(job.payload),
      run_at: job.runAt.toISOString(),
      locked_by: null,
      locked_until: null,
      done_at: null,
      failed_at: null,
      last_error: null,
      created_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Which jobs a worker claims. */
export interface ClaimOptions {
  /** Who claims; the lease is held in its name. */
  workerId: string;
  now: Date;
  /** How long the lease lasts; the worker extends it while it runs the jobs. */
  leaseMs: number;
  /** At most this many jobs. */
  limit: number;
  /** Only jobs of these kinds: a node never takes a job it has no handler for. */
  kinds: readonly string[];
  /** Only jobs whose dedupe key starts with this (the mails of one trade, say). */
  dedupeKeyPrefix?: string;
}

/**
 * Claims due jobs atomically: each one goes to exactly one worker until its lease runs out.
 * PostgreSQL picks them with `FOR UPDATE SKIP LOCKED` and leases them in one transaction, so
 * parallel workers on any node take different jobs without waiting for each other. SQLite
 * serves one node and runs one writer at a time, so one conditional update that re-checks the
 * same conditions is atomic there. The attempt is counted when the job is claimed.
 */
export async function claimDueJobs(db: TradeDb, options: ClaimOptions): Promise<JobRow[]> {
  if (options.kinds.length === 0 || options.limit <= 0) return [];
  const at = options.now.toISOString();
  const lease = {
    locked_by: options.workerId,
    locked_until: new Date(options.now.getTime() + options.leaseMs).toISOString(),
  };
  const due = (handle: TradeDb) => {
    let query = handle
      .selectFrom('jobs')
      .select('jobs.id')
      .where('jobs.done_at', 'is', null)
      .where('jobs.failed_at', 'is', null)
      .where('jobs.run_at', '<=', at)
      .where((eb) =>
        eb.or([eb('jobs.locked_until', 'is', null), eb('jobs.locked_until', '<=', at)]),
      )
      .where('jobs.kind', 'in', [...options.kinds]);
    const prefix = options.dedupeKeyPrefix;
    if (prefix !== undefined) {
      // substr rather than LIKE: SQLite's LIKE has no escape character unless told, and a key
      // may hold `_`.
      query = query.where(
        sql<string>`substr(${sql.ref('jobs.dedupe_key')}, 1, ${prefix.length})`,
        '=',
        prefix,
      );
    }
    return query.orderBy('jobs.run_at').orderBy('jobs.id').limit(options.limit);
  };

  const claimed =
    databaseDialect(db) === 'postgres'
      ? await db.transaction().execute(async (trx) => {
          const picked = await due(trx).forUpdate().skipLocked().execute();
          if (picked.length === 0) return [];
          return trx
            .updateTable('jobs')
            .set((eb) => ({ ...lease, attempts: eb('attempts', '+', 1) }))
            .where(
              'id',
              'in',
              picked.map((row) => row.id),
            )
            .returningAll()
            .execute();
        })
      : await db
          .updateTable('jobs')
          .set((eb) => ({ ...lease, attempts: eb('attempts', '+', 1) }))
          .where('id', 'in', due(db))
          .returningAll()
          .execute();
  // RETURNING keeps no order: run the oldest first.
  return claimed.toSorted((a, b) =>
    a.run_at === b.run_at ? a.id - b.id : a.run_at < b.run_at ? -1 : 1,
  );
}

/** Of `jobIds`, the jobs still open and leased to `workerId`. */
function heldBy(workerId: string, jobIds: readonly number[]) {
  return (eb: ExpressionBuilder<TradeDatabase, 'jobs'>) =>
    eb.and([
      eb('id', 'in', [...jobIds]),
      eb('locked_by', '=', workerId),
      eb('done_at', 'is', null),
      eb('failed_at', 'is', null),
    ]);
}

/** Extends the lease of the jobs a worker still holds; answers how many it still holds. */
export async function extendLeases(
  db: TradeDb,
  workerId: string,
  jobIds: readonly number[],
  until: Date,
): Promise<number> {
  if (jobIds.length === 0) return 0;
  const result = await db
    .updateTable('jobs')
    .set({ locked_until: until.toISOString() })
    .where(heldBy(workerId, jobIds))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Hands back jobs a worker claimed but did not start (it is stopping): their leases are freed
 * and the claim no longer counts as an attempt, so another worker runs them at once. Answers
 * how many it handed back.
 */
export async function releaseLeases(
  db: TradeDb,
  workerId: string,
  jobIds: readonly number[],
): Promise<number> {
  if (jobIds.length === 0) return 0;
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({ locked_by: null, locked_until: null, attempts: eb('attempts', '-', 1) }))
    .where(heldBy(workerId, jobIds))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Marks a job done and frees its lease. Answers false when the worker no longer held the lease
 * (it ran out and another worker took the job): the caller logs it.
 */
export async function completeJob(
  db: TradeDb,
  jobId: number,
  workerId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ done_at: now.toISOString(), locked_by: null, locked_until: null, last_error: null })
    .where('id', '=', jobId)
    .where('locked_by', '=', workerId)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What became of a failed attempt. */
export type FailedAttempt =
  | { outcome: 'retry'; runAt: Date }
  | { outcome: 'failed' }
  /** The worker no longer held the lease; the job's new holder decides. */
  | { outcome: 'lease-lost' };

/**
 * Records a failed attempt: the job runs again after the backoff of its attempt count, or, after
 * the last attempt (or when `permanent`), is kept as failed with the error. Either way the row
 * stays.
 */
export async function failJob(
  db: TradeDb,
  job: Pick<JobRow, 'id' | 'attempts'>,
  workerId: string,
  now: Date,
  error: string,
  permanent = false,
): Promise<FailedAttempt> {
  const delay = permanent ? undefined : retryDelaysMs[Math.max(0, job.attempts - 1)];
  const runAt = delay === undefined ? undefined : new Date(now.getTime() + delay);
  const result = await db
    .updateTable('jobs')
    .set({
      locked_by: null,
      locked_until: null,
      last_error: error.slice(0, maxErrorLength),
      ...(runAt === undefined ? { failed_at: now.toISOString() } : { run_at: runAt.toISOString() }),
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', workerId)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return { outcome: 'lease-lost' };
  return runAt === undefined ? { outcome: 'failed' } : { outcome: 'retry', runAt };
}

/** Removes jobs done more than {@link doneJobRetentionDays} ago; failed jobs stay. */
export async function deleteOldDoneJobs(db: TradeDb, now: Date): Promise<number> {
  const before = daysAfter(now, -doneJobRetentionDays).toISOString();
  const result = await db
    .deleteFrom('jobs')
    .where('done_at', 'is not', null)
    .where('done_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
