import type { FastifyInstance } from 'fastify';
import {
  enqueueReminderScan,
  expiryReminderHandlers,
  reminderScanIntervalMs,
} from './expiry-reminders.ts';
import {
  createJobWorker,
  scheduleJobWorker,
  type JobHandler,
  type JobLog,
  type JobWorker,
} from './job-worker.ts';
import { tradeMailHandlers, type TradeMailJobDeps } from './trade-mail-jobs.ts';

/** Every job an API node runs: the trade's status and revision mails, the reminders and their scan. */
function tradeJobHandlers(deps: TradeMailJobDeps): JobHandler[] {
  return [...tradeMailHandlers(deps), ...expiryReminderHandlers(deps)];
}

/** What a node's scheduler needs. */
export interface TradeJobOptions extends TradeMailJobDeps {
  /** How often the node looks for due jobs; default `jobPollIntervalMs`. */
  intervalMs?: number;
}

/** A worker with every trade job, for a node or a test. */
export function createTradeJobWorker(
  deps: TradeMailJobDeps,
  log: JobLog,
  worker: { workerId?: string; leaseMs?: number } = {},
): JobWorker {
  return createJobWorker({
    db: deps.db,
    clock: deps.clock,
    log,
    handlers: tradeJobHandlers(deps),
    ...worker,
  });
}

/**
 * Runs the trade jobs on this node from start to close: before each look for due jobs it
 * enqueues the reminder scan of the current quarter of an hour (once per slot and node; the
 * dedupe key keeps it to one scan per slot for all nodes).
 */
export function scheduleTradeJobs(api: FastifyInstance, options: TradeJobOptions): JobWorker {
  const worker = createTradeJobWorker(options, api.log);
  let lastScanSlot = '';
  scheduleJobWorker(api, {
    worker,
    ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
    async beforeEachRun() {
      const now = options.clock();
      const slot = String(Math.floor(now.getTime() / reminderScanIntervalMs));
      if (slot === lastScanSlot) return;
      await enqueueReminderScan(options.db, now);
      lastScanSlot = slot;
    },
  });
  return worker;
}
