import { afterEach, describe, expect, it } from 'vitest';
import { testDatabases, useMigratedDatabase } from '../../test-kit/test-databases.ts';
import {
  claimDueJobs,
  completeJob,
  deleteOldDoneJobs,
  enqueueJob,
  extendLeases,
  failJob,
  maxJobAttempts,
  retryDelaysMs,
} from './job-queue.ts';

const start = new Date('2026-05-04T08:00:00.000Z');
const minute = 60_000;

function later(ms: number): Date {
  return new Date(start.getTime() + ms);
}

describe.each(testDatabases())('the job table on $name', (engine) => {
  const database = useMigratedDatabase(engine);
  afterEach(async () => {
    await database().deleteFrom('jobs').execute();
  });

  function enqueue(key: string, runAt = start, kind = 'test-kind') {
    return enqueueJob(database(), { kind, dedupeKey: key, payload: { key }, runAt }, start);
  }

  function claim(workerId: string, now = start, options: { limit?: number; prefix?: string } = {}) {
    return claimDueJobs(database(), {
      workerId,
      now,
      leaseMs: 2 * minute,
      limit: options.limit ?? 100,
      kinds: ['test-kind'],
      ...(options.prefix === undefined ? {} : { dedupeKeyPrefix: options.prefix }),
    });
  }

  it('enqueues a dedupe key once, whoever tries again', async () => {
    expect(await enqueue('reminder:1')).toBe(true);
    expect(await enqueue('reminder:1', later(5 * minute))).toBe(false);
    const rows = await database().selectFrom('jobs').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'test-kind',
      dedupe_key: 'reminder:1',
      payload: JSON.stringify({ key: 'reminder:1' }),
      run_at: start.toISOString(),
      attempts: 0,
      locked_by: null,
      done_at: null,
      failed_at: null,
    });
  });

  it('keeps the key taken after the job ran', async () => {
    await enqueue('reminder:2');
    const [job] = await claim('worker-a');
    expect(await completeJob(database(), job?.id ?? 0, 'worker-a', start)).toBe(true);
    expect(await enqueue('reminder:2')).toBe(false);
  });

  it('adds nothing when the transaction that enqueued rolls back', async () => {
    await expect(
      database()
        .transaction()
        .execute(async (trx) => {
          await enqueueJob(
            trx,
            { kind: 'test-kind', dedupeKey: 'x', payload: {}, runAt: start },
            start,
          );
          throw new Error('the status change failed');
        }),
    ).rejects.toThrow('the status change failed');
    expect(await database().selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it('claims due jobs of its kinds, oldest first, under a lease, and counts the attempt', async () => {
    await enqueue('b', later(2 * minute));
    await enqueue('a', start);
    await enqueue('future', later(60 * minute));
    await enqueue('other', start, 'other-kind');
    const claimed = await claim('worker-a', later(3 * minute));
    expect(claimed.map((job) => job.dedupe_key)).toEqual(['a', 'b']);
    for (const job of claimed) {
      expect(job.attempts).toBe(1);
      expect(job.locked_by).toBe('worker-a');
      expect(job.locked_until).toBe(later(5 * minute).toISOString());
    }
    // Claimed jobs are nobody else's while the lease runs.
    expect(await claim('worker-b', later(4 * minute))).toEqual([]);
  });

  it('claims only the jobs whose key starts with the prefix, literally', async () => {
    await enqueue('trade-mail:1:status:paid');
    await enqueue('trade-mail:12:status:paid');
    await enqueue('trade_mail:1:status:paid');
    const claimed = await claim('worker-a', start, { prefix: 'trade-mail:1:' });
    expect(claimed.map((job) => job.dedupe_key)).toEqual(['trade-mail:1:status:paid']);
  });

  it('gives each job to exactly one of many workers claiming at once', async () => {
    for (let index = 0; index < 60; index += 1) await enqueue(`job:${index}`);
    const rounds = await Promise.all(
      Array.from({ length: 12 }, (_, worker) => claim(`worker-${worker}`, start, { limit: 7 })),
    );
    const ids = rounds.flat().map((job) => job.id);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
  });

  it('takes a job again once the lease of a worker that died has run out', async () => {
    await enqueue('lease');
    const [first] = await claim('dead-worker');
    expect(first?.attempts).toBe(1);
    // Until the lease ends nobody else gets it; from its end on, another worker does.
    expect(await claim('worker-b', later(2 * minute - 1))).toEqual([]);
    const [second] = await claim('worker-b', later(2 * minute));
    expect(second?.id).toBe(first?.id);
    expect(second?.attempts).toBe(2);
    // The dead worker coming back cannot finish what it lost.
    expect(await completeJob(database(), first?.id ?? 0, 'dead-worker', later(3 * minute))).toBe(
      false,
    );
    expect(await completeJob(database(), second?.id ?? 0, 'worker-b', later(3 * minute))).toBe(
      true,
    );
    expect(await claim('worker-c', later(60 * minute))).toEqual([]);
  });

  it('renews the lease only for the worker that holds it', async () => {
    await enqueue('renewed');
    const [job] = await claim('worker-a');
    const id = job?.id ?? 0;
    expect(await extendLeases(database(), 'worker-b', [id], later(10 * minute))).toBe(0);
    expect(await extendLeases(database(), 'worker-a', [id], later(10 * minute))).toBe(1);
    expect(await claim('worker-b', later(5 * minute))).toEqual([]);
    expect(await claim('worker-b', later(10 * minute))).toHaveLength(1);
  });

  it('retries a failed job after 1 min, 5 min, 30 min, 2 h and 12 h, then keeps it as failed', async () => {
    expect(retryDelaysMs).toEqual([minute, 5 * minute, 30 * minute, 120 * minute, 720 * minute]);
    expect(maxJobAttempts).toBe(6);
    await enqueue('flaky');
    let now = start;
    const delays: number[] = [];
    const outcomes: string[] = [];
    const claimedEarly: number[] = [];
    for (let attempt = 1; attempt <= maxJobAttempts; attempt += 1) {
      const [job] = await claim('worker-a', now);
      expect(job?.attempts).toBe(attempt);
      const failed = await failJob(
        database(),
        job ?? { id: 0, attempts: 0 },
        'worker-a',
        now,
        `refused ${attempt}`,
      );
      outcomes.push(failed.outcome);
      if (failed.outcome !== 'retry') break;
      delays.push(failed.runAt.getTime() - now.getTime());
      // Not due a moment before its retry time.
      claimedEarly.push((await claim('worker-a', new Date(failed.runAt.getTime() - 1))).length);
      now = failed.runAt;
    }
    expect(outcomes).toEqual([...retryDelaysMs.map(() => 'retry'), 'failed']);
    expect(claimedEarly.every((count) => count === 0)).toBe(true);
    expect(delays).toEqual(retryDelaysMs);
    const [row] = await database().selectFrom('jobs').selectAll().execute();
    expect(row).toMatchObject({
      attempts: maxJobAttempts,
      failed_at: now.toISOString(),
      done_at: null,
      locked_by: null,
      last_error: `refused ${maxJobAttempts}`,
    });
    // A failed job is kept, and nobody runs it again by itself.
    expect(await claim('worker-a', later(1000 * 24 * 60 * minute))).toEqual([]);
    expect(await deleteOldDoneJobs(database(), later(1000 * 24 * 60 * minute))).toBe(0);
  });

  it('gives up at once on a permanent failure', async () => {
    await enqueue('broken');
    const [job] = await claim('worker-a');
    const failed = await failJob(
      database(),
      job ?? { id: 0, attempts: 0 },
      'worker-a',
      start,
      'unreadable',
      true,
    );
    expect(failed).toEqual({ outcome: 'failed' });
  });

  it('removes done jobs 30 days after they ran', async () => {
    await enqueue('old');
    await enqueue('recent');
    const jobs = await claim('worker-a');
    const [old, recent] = jobs;
    await completeJob(database(), old?.id ?? 0, 'worker-a', start);
    await completeJob(database(), recent?.id ?? 0, 'worker-a', later(10 * 24 * 60 * minute));
    expect(await deleteOldDoneJobs(database(), later(30 * 24 * 60 * minute))).toBe(0);
    expect(await deleteOldDoneJobs(database(), later(30 * 24 * 60 * minute + 1))).toBe(1);
    const left = await database().selectFrom('jobs').select('dedupe_key').execute();
    expect(left).toEqual([{ dedupe_key: 'recent' }]);
  });
});
