import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { TradeDb } from '../db/create-database.ts';
import {
  claimDueJobs,
  completeJob,
  extendLeases,
  releaseLeases,
  failJob,
  maxJobAttempts,
  type JobRow,
} from './job-queue.ts';

/** Where a worker reports: the node's pino logger, or a stand-in in tests. */
export type JobLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** What a handler learns about the job it runs. */
export interface JobContext {
  /** The worker's clock when the attempt started. */
  now: Date;
  job: JobRow;
}

/** Runs the jobs of one kind. */
export interface JobHandler {
  kind: string;
  /** Throws to fail the attempt, which is retried with backoff. */
  run(payload: unknown, context: JobContext): Promise<void>;
}

/** A failure that another attempt cannot cure (a payload nobody can read): no retry. */
class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** A handler whose payload is checked by `schema` before `run` sees it. */
export function defineJobHandler<Schema extends z.ZodMiniType>(
  kind: string,
  schema: Schema,
  run: (payload: z.infer<Schema>, context: JobContext) => Promise<void>,
): JobHandler {
  return {
    kind,
    async run(payload, context) {
      const parsed = schema.safeParse(payload);
      if (!parsed.success) {
        throw new PermanentJobError(
          `The payload of this ${kind} job is unreadable: ${z.prettifyError(parsed.error)}`,
        );
      }
      return run(parsed.data, context);
    },
  };
}

/** What one run of a worker did. */
export interface JobRunSummary {
  done: number;
  /** Failed attempts that will be tried again. */
  retried: number;
  /** Jobs given up and kept as failed. */
  failed: number;
  /** Jobs whose lease ran out while they ran (another worker took them). */
  leaseLost: number;
  /** Jobs claimed but handed back unstarted because the worker stopped. */
  handedBack?: number;
}

/** Which due jobs one run takes. */
export interface RunOptions {
  /** Only jobs whose dedupe key starts with this. */
  dedupeKeyPrefix?: string;
  /** Stop after this many jobs (the rest waits for the next run). */
  maxJobs?: number;
}

/** A worker: claims due jobs under its lease and runs them one after the other. */
export interface JobWorker {
  /** The name its leases are held in. */
  readonly id: string;
  runDueJobs(options?: RunOptions): Promise<JobRunSummary>;
  /**
   * Stops the worker (its node is shutting down): a run finishes the job it is running, hands
   * back the jobs it claimed but has not started, and claims no more; later runs do nothing.
   */
  stop(): void;
}

/** What a worker needs. */
export interface JobWorkerOptions {
  db: TradeDb;
  handlers: readonly JobHandler[];
  clock: () => Date;
  log: JobLog;
  /** Default: host name, process id and a random part, so two workers never share one. */
  workerId?: string;
  /** Default {@link defaultLeaseMs}. */
  leaseMs?: number;
  /** Jobs claimed at once; default 10. */
  batchSize?: number;
}

/**
 * How long a claimed job is its worker's. The worker renews the lease every third of it while
 * it runs, so only a worker that died (or hangs for longer) loses its jobs to another.
 */
export const defaultLeaseMs = 2 * 60_000;

/** A worker name unique to this process and call. */
export function newWorkerId(label = 'worker'): string {
  return `${hostname()}:${process.pid}:${label}:${randomUUID().slice(0, 8)}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Creates a worker over the job table; it does nothing until `runDueJobs` is called. */
export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, clock, log } = options;
  const id = options.workerId ?? newWorkerId();
  const leaseMs = options.leaseMs ?? defaultLeaseMs;
  const batchSize = options.batchSize ?? 10;
  const handlers = new Map(options.handlers.map((handler) => [handler.kind, handler]));
  const kinds = [...handlers.keys()];
  let stopped = false;

  async function runOne(job: JobRow, summary: JobRunSummary): Promise<void> {
    const handler = handlers.get(job.kind);
    const context = { now: clock(), job };
    try {
      if (handler === undefined) throw new PermanentJobError(`No handler for ${job.kind}`);
      let payload: unknown;
      try {
        payload = JSON.parse(job.payload);
      } catch {
        throw new PermanentJobError(`The payload of job ${job.id} is not JSON`);
      }
      await handler.run(payload, context);
    } catch (error) {
      const permanent = error instanceof PermanentJobError;
      const attempt = await failJob(db, job, id, clock(), errorText(error), permanent);
      const details = { job: job.id, kind: job.kind, key: job.dedupe_key, attempts: job.attempts };
      if (attempt.outcome === 'retry') {
        summary.retried += 1;
        log.warn(
          { ...details, err: error, retryAt: attempt.runAt.toISOString() },
          'job attempt failed; it runs again later',
        );
      } else if (attempt.outcome === 'failed') {
        summary.failed += 1;
        log.error(
          { ...details, err: error, maxAttempts: maxJobAttempts },
          'job failed for good; it stays in the jobs table with its error',
        );
      } else {
        summary.leaseLost += 1;
        log.warn({ ...details, err: error }, 'job lease ran out while it ran');
      }
      return;
    }
    if (await completeJob(db, job.id, id, clock())) {
      summary.done += 1;
    } else {
      summary.leaseLost += 1;
      log.warn(
        { job: job.id, kind: job.kind, key: job.dedupe_key },
        'job lease ran out while it ran; another worker may have run it too',
      );
    }
  }

  /** Renews the lease of the jobs in `pending` every third of the lease while `work` runs. */
  async function whileLeased(pending: Set<number>, work: () => Promise<void>): Promise<void> {
    let renewing: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      renewing = extendLeases(db, id, [...pending], new Date(clock().getTime() + leaseMs)).catch(
        (error: unknown) => {
          log.warn({ err: error, worker: id }, 'renewing job leases failed');
        },
      );
    }, leaseMs / 3);
    timer.unref();
    try {
      await work();
    } finally {
      clearInterval(timer);
      await renewing;
    }
  }

  return {
    id,
    async runDueJobs(run = {}) {
      const summary: JobRunSummary = { done: 0, retried: 0, failed: 0, leaseLost: 0 };
      const maxJobs = run.maxJobs ?? Number.POSITIVE_INFINITY;
      let taken = 0;
      while (taken < maxJobs) {
        // `stop()` may have been called while the last batch ran.
        if (stopped) break;
        const jobs = await claimDueJobs(db, {
          workerId: id,
          now: clock(),
          leaseMs,
          limit: Math.min(batchSize, maxJobs - taken),
          kinds,
          ...(run.dedupeKeyPrefix === undefined ? {} : { dedupeKeyPrefix: run.dedupeKeyPrefix }),
        });
        if (jobs.length === 0) break;
        taken += jobs.length;
        const pending = new Set(jobs.map((job) => job.id));
        await whileLeased(pending, async () => {
          for (const job of jobs) {
            if (stopped) break;
            await runOne(job, summary);
            pending.delete(job.id);
          }
        });
        if (pending.size > 0) {
          summary.handedBack =
            (summary.handedBack ?? 0) + (await releaseLeases(db, id, [...pending]));
        }
      }
      return summary;
    },
    stop() {
      stopped = true;
    },
  };
}

/** How often every API node looks for due jobs. */
const jobPollIntervalMs = 10_000;

/** What {@link scheduleJobWorker} runs. */
export interface ScheduledWorkerOptions {
  worker: JobWorker;
  /** Default {@link jobPollIntervalMs}. */
  intervalMs?: number;
  /** Runs before each look for due jobs (enqueues periodic jobs); its failure is logged. */
  beforeEachRun?: () => Promise<void>;
  /** Most jobs one run takes, so a long queue does not hold one run for ever; default 200. */
  maxJobsPerRun?: number;
}

/**
 * Runs `worker` every interval from the moment the server is ready until it closes; a run that
 * is still busy is not started twice. On close it waits for the running jobs, so the database
 * (closed after the server) is still open for them. Every API node runs one: the leases decide
 * which node runs which job.
 */
export function scheduleJobWorker(api: FastifyInstance, options: ScheduledWorkerOptions): void {
  const intervalMs = options.intervalMs ?? jobPollIntervalMs;
  const maxJobs = options.maxJobsPerRun ?? 200;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;
  let closing = false;
  const run = async () => {
    try {
      await options.beforeEachRun?.();
    } catch (error) {
      api.log.error({ err: error }, 'enqueueing periodic jobs failed');
    }
    try {
      const summary = await options.worker.runDueJobs({ maxJobs });
      if (
        summary.done +
          summary.retried +
          summary.failed +
          summary.leaseLost +
          (summary.handedBack ?? 0) >
        0
      ) {
        api.log.info({ ...summary, worker: options.worker.id }, 'jobs ran');
      }
    } catch (error) {
      // The database may be away for a moment; the next run tries again.
      api.log.error({ err: error, worker: options.worker.id }, 'running jobs failed');
    }
  };
  const tick = () => {
    if (closing || running !== undefined) return;
    running = run().finally(() => {
      running = undefined;
    });
  };
  api.addHook('onReady', async () => {
    timer = setInterval(tick, intervalMs);
    // The worker must never keep a process alive that is otherwise done.
    timer.unref();
  });
  api.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    // The job running now finishes; the ones claimed after it go back to the queue for the
    // other nodes (graceful-stop.ts).
    options.worker.stop();
    await running;
  });
}
