import type { FastifyInstance } from 'fastify';
import type { TradeDb } from '../db/create-database.ts';
import { deleteExpiredIdempotencyKeys } from '../trades/checkout-idempotency.ts';
import { deleteUnusedOffers } from '../trades/offer-cleanup.ts';
import { deleteEndedRateLimitWindows } from './rate-limit.ts';

/**
 * How often an API node removes what has expired. A quarter of an hour keeps the tables small
 * and still comes round on a node that is restarted several times an hour.
 */
export const cleanupIntervalMs = 15 * 60 * 1000;

/** What the clean-up needs. */
export interface PeriodicCleanupOptions {
  db: TradeDb;
  /** The current time; tests pass a movable clock. */
  clock: () => Date;
}

/**
 * Removes what has expired: offers that were never traded, ended rate-limit windows, and
 * checkout idempotency keys past their 24 hours.
 */
async function cleanUp(api: FastifyInstance, { db, clock }: PeriodicCleanupOptions): Promise<void> {
  try {
    const now = clock();
    const offers = await deleteUnusedOffers(db, now);
    const counters = await deleteEndedRateLimitWindows(db, now);
    const idempotencyKeys = await deleteExpiredIdempotencyKeys(db, now);
    if (offers + counters + idempotencyKeys > 0) {
      api.log.info({ offers, counters, idempotencyKeys }, 'expired rows deleted');
    }
  } catch (error) {
    // The next run tries again; serving calls matters more.
    api.log.error({ err: error }, 'clean-up failed');
  }
}

/**
 * Cleans up every {@link cleanupIntervalMs} from the moment the server is ready until it closes
 * (not at once: a node that starts has other work, and nothing expires in its first minutes).
 * Every node does it: the deletes are idempotent, so nodes need not agree on who runs them.
 */
export function schedulePeriodicCleanup(
  api: FastifyInstance,
  options: PeriodicCleanupOptions,
): void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(() => cleanUp(api, options));
  };
  api.addHook('onReady', async () => {
    timer = setInterval(run, cleanupIntervalMs);
    // A clean-up must never keep a process alive that is otherwise done.
    timer.unref();
  });
  api.addHook('onClose', async () => {
    clearInterval(timer);
    // The database closes after the server: let a running clean-up finish first.
    await running;
  });
}
