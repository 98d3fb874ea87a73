import type { Trade } from '@tradein/contract';
import * as z from 'zod/mini';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readOutbox } from '../../test-kit/outbox-mail.ts';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { testConfig } from '../../test-kit/test-server.ts';
import { startTradesFixture, type TradesFixture } from '../../test-kit/trade-test-kit.ts';
import type { Mailer } from '../mail/mailer.ts';
import { claimDueJobs, enqueueJob, maxJobAttempts, retryDelaysMs } from './job-queue.ts';
import { createJobWorker, defaultLeaseMs, defineJobHandler, type JobLog } from './job-worker.ts';
import { createTradeJobWorker } from './trade-jobs.ts';
import { enqueueTradeStatusMail, tradeStatusMailKind } from './trade-mail-jobs.ts';
import { dayMs } from '../time/day.ts';

/** A log that keeps what the worker said, by level. */
function recordingLog(): JobLog & { lines: { level: string; message: string }[] } {
  const lines: { level: string; message: string }[] = [];
  const keep = (level: string) => (_details: unknown, message?: string) => {
    lines.push({ level, message: message ?? '' });
  };
  return { lines, info: keep('info'), warn: keep('warn'), error: keep('error') } as JobLog & {
    lines: typeof lines;
  };
}

/** A mailer that refuses its first `failures` messages (every one when Infinity), then sends. */
function flakyMailer(real: Mailer, failures: number): Mailer & { refused: () => number } {
  let refused = 0;
  return {
    send(message) {
      if (refused < failures) {
        refused += 1;
        return Promise.reject(new Error(`421 mail server busy (${refused})`));
      }
      return real.send(message);
    },
    close: () => real.close(),
    refused: () => refused,
  };
}

describe.each(testDatabases())('the job worker on $name', (engine) => {
  let fixture: TradesFixture;
  let customer: { id: string; email: string };
  let now: Date;
  const setNow = (next: Date) => {
    now = next;
    fixture.setNow(next);
  };

  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
    customer = await fixture.createCustomer();
  });
  afterAll(() => fixture.close());
  beforeEach(async () => {
    await fixture.db.deleteFrom('jobs').execute();
    setNow(new Date('2026-03-02T09:00:00.000Z'));
  });

  /** A checked-out trade of the customer, with its received mail enqueued as the step does. */
  async function tradeWithReceivedMail(): Promise<Trade & { id: number }> {
    const trade = await fixture.checkOutPhones(customer.id, [{ deviceId: 1000, grade: 1 }]);
    const row = await fixture.db
      .selectFrom('trades')
      .select('id')
      .where('trade_number', '=', trade.tradeNumber)
      .executeTakeFirstOrThrow();
    await enqueueTradeStatusMail(
      fixture.db,
      { id: row.id, tradeNumber: trade.tradeNumber },
      'received',
      now.toISOString(),
    );
    return { ...trade, id: row.id };
  }

  async function receivedMails(tradeNumber: string) {
    return (await readOutbox(fixture.outboxDir)).filter(
      (mail) =>
        mail.to === customer.email &&
        mail.subject.includes(`Verkauf ${tradeNumber} ist bei uns angekommen`),
    );
  }

  async function mailLog(subjectPart: string) {
    const rows = await fixture.db
      .selectFrom('mail_log')
      .select(['transport', 'error', 'subject'])
      .orderBy('id')
      .execute();
    return rows.filter((row) => row.subject.includes(subjectPart));
  }

  const workerWith = (mailer: Mailer, log: JobLog, workerId?: string) =>
    createTradeJobWorker(
      { ...fixture.deps, mailer, clock: () => now, links: testConfig },
      log,
      workerId === undefined ? {} : { workerId },
    );

  it('retries a refused mail after 1 and 5 minutes and sends it once the server takes it', async () => {
    const trade = await tradeWithReceivedMail();
    const mailer = flakyMailer(fixture.deps.mailer, 2);
    const log = recordingLog();
    const worker = workerWith(mailer, log);

    expect(await worker.runDueJobs()).toMatchObject({ done: 0, retried: 1 });
    const afterFirst = await fixture.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', tradeStatusMailKind)
      .executeTakeFirstOrThrow();
    expect(afterFirst).toMatchObject({
      attempts: 1,
      run_at: new Date(now.getTime() + 60_000).toISOString(),
      last_error: '421 mail server busy (1)',
      done_at: null,
      locked_by: null,
    });
    expect(log.lines).toContainEqual({
      level: 'warn',
      message: 'job attempt failed; it runs again later',
    });
    // Not due yet: nothing happens a second before the retry time.
    setNow(new Date(now.getTime() + 59_000));
    expect(await worker.runDueJobs()).toMatchObject({ done: 0, retried: 0 });

    setNow(new Date(now.getTime() + 1_000));
    expect(await worker.runDueJobs()).toMatchObject({ retried: 1 });
    setNow(new Date(now.getTime() + 5 * 60_000));
    expect(await worker.runDueJobs()).toMatchObject({ done: 1, retried: 0 });
    expect(await worker.runDueJobs()).toMatchObject({ done: 0 });

    expect(mailer.refused()).toBe(2);
    expect(await receivedMails(trade.tradeNumber)).toHaveLength(1);
    const log2 = await mailLog(`Verkauf ${trade.tradeNumber} ist bei uns angekommen`);
    expect(log2.map((row) => row.transport)).toEqual(['failed', 'failed', 'outbox']);
    expect(log2[0]?.error).toBe('421 mail server busy (1)');
    const done = await fixture.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', tradeStatusMailKind)
      .executeTakeFirstOrThrow();
    expect(done).toMatchObject({ attempts: 3, last_error: null, failed_at: null });
    expect(done.done_at).toBe(now.toISOString());
  });

  it('keeps a mail that keeps failing as failed, logs it, and never loses it', async () => {
    const trade = await tradeWithReceivedMail();
    const mailer = flakyMailer(fixture.deps.mailer, Number.POSITIVE_INFINITY);
    const log = recordingLog();
    const worker = workerWith(mailer, log);
    for (const delay of [...retryDelaysMs, 0]) {
      expect(await worker.runDueJobs()).toMatchObject({ done: 0 });
      setNow(new Date(now.getTime() + delay));
    }
    expect(mailer.refused()).toBe(maxJobAttempts);
    const job = await fixture.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', tradeStatusMailKind)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ attempts: maxJobAttempts, done_at: null, locked_by: null });
    expect(job.failed_at).not.toBeNull();
    expect(job.last_error).toBe(`421 mail server busy (${maxJobAttempts})`);
    expect(JSON.parse(job.payload)).toEqual({ tradeNumber: trade.tradeNumber, status: 'received' });
    expect(log.lines.filter((line) => line.level === 'error')).toEqual([
      { level: 'error', message: 'job failed for good; it stays in the jobs table with its error' },
    ]);
    // Nothing runs it again by itself, and no mail went out.
    setNow(new Date(now.getTime() + 7 * dayMs));
    expect(await worker.runDueJobs()).toMatchObject({ done: 0, retried: 0, failed: 0 });
    expect(await receivedMails(trade.tradeNumber)).toHaveLength(0);
    expect(
      (await mailLog(`Verkauf ${trade.tradeNumber} ist bei uns angekommen`)).map(
        (row) => row.transport,
      ),
    ).toEqual(Array.from({ length: maxJobAttempts }, () => 'failed'));
  });

  it('sends the mail of a worker that died once its lease has run out, once', async () => {
    const trade = await tradeWithReceivedMail();
    // A node claims the job and dies before it sends anything.
    const [taken] = await claimDueJobs(fixture.db, {
      workerId: 'node-that-died',
      now,
      leaseMs: defaultLeaseMs,
      limit: 10,
      kinds: [tradeStatusMailKind],
    });
    expect(taken?.locked_by).toBe('node-that-died');
    const survivor = workerWith(fixture.deps.mailer, recordingLog(), 'surviving-node');

    setNow(new Date(now.getTime() + defaultLeaseMs - 1));
    expect(await survivor.runDueJobs()).toMatchObject({ done: 0 });
    expect(await receivedMails(trade.tradeNumber)).toHaveLength(0);

    setNow(new Date(now.getTime() + 1));
    expect(await survivor.runDueJobs()).toMatchObject({ done: 1 });
    expect(await survivor.runDueJobs()).toMatchObject({ done: 0 });
    expect(await receivedMails(trade.tradeNumber)).toHaveLength(1);
    const job = await fixture.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', taken?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ attempts: 2, locked_by: null });
    expect(job.done_at).not.toBeNull();
  });

  it('gives up at once on a payload it cannot read, and keeps it', async () => {
    await enqueueJob(
      fixture.db,
      { kind: tradeStatusMailKind, dedupeKey: 'broken', payload: { status: 'lost' }, runAt: now },
      now,
    );
    const log = recordingLog();
    expect(await workerWith(fixture.deps.mailer, log).runDueJobs()).toMatchObject({ failed: 1 });
    const job = await fixture.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', 'broken')
      .executeTakeFirstOrThrow();
    expect(job.attempts).toBe(1);
    expect(job.failed_at).not.toBeNull();
    expect(job.last_error).toContain('unreadable');
  });

  it('renews its lease while a job runs longer than the lease, so nobody takes it meanwhile', async () => {
    await enqueueJob(
      fixture.db,
      { kind: 'slow', dedupeKey: 'slow', payload: {}, runAt: new Date() },
      new Date(),
    );
    let runs = 0;
    const slow = defineJobHandler('slow', z.object({}), async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 900));
    });
    const options = {
      db: fixture.db,
      clock: () => new Date(),
      log: recordingLog(),
      handlers: [slow],
    };
    const holder = createJobWorker({ ...options, leaseMs: 300, workerId: 'holder' });
    const other = createJobWorker({ ...options, leaseMs: 300, workerId: 'other' });
    const holding = holder.runDueJobs();
    const taken: number[] = [];
    for (let poll = 0; poll < 8; poll += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      taken.push((await other.runDueJobs()).done);
    }
    expect(await holding).toMatchObject({ done: 1, leaseLost: 0 });
    expect(taken.every((done) => done === 0)).toBe(true);
    expect(runs).toBe(1);
  });

  it('hands back the jobs it claimed but did not start when it stops, for another worker at once', async () => {
    for (const key of ['first', 'second', 'third']) {
      await enqueueJob(
        fixture.db,
        { kind: 'note', dedupeKey: key, payload: { key }, runAt: new Date(now.getTime() - 1000) },
        now,
      );
    }
    const ran: string[] = [];
    let stopping: (() => void) | undefined;
    const note = defineJobHandler('note', z.object({ key: z.string() }), async ({ key }) => {
      ran.push(key);
      // The node receives SIGTERM while its first job runs.
      stopping?.();
    });
    const options = { db: fixture.db, clock: () => now, log: recordingLog(), handlers: [note] };
    const leaving = createJobWorker({ ...options, workerId: 'leaving' });
    stopping = () => leaving.stop();
    expect(await leaving.runDueJobs()).toMatchObject({ done: 1, handedBack: 2 });
    expect(ran).toEqual(['first']);
    const rows = await fixture.db
      .selectFrom('jobs')
      .select(['dedupe_key', 'locked_by', 'locked_until', 'attempts', 'done_at'])
      .orderBy('id')
      .execute();
    expect(
      rows.map((row) => [row.dedupe_key, row.locked_by, row.attempts, row.done_at !== null]),
    ).toEqual([
      ['first', null, 1, true],
      ['second', null, 0, false],
      ['third', null, 0, false],
    ]);
    expect(rows.every((row) => row.locked_until === null)).toBe(true);
    // A stopped worker claims nothing more; another one runs the rest without waiting for a lease.
    expect(await leaving.runDueJobs()).toMatchObject({ done: 0 });
    stopping = undefined;
    expect(await createJobWorker({ ...options, workerId: 'staying' }).runDueJobs()).toMatchObject({
      done: 2,
    });
    expect(ran).toEqual(['first', 'second', 'third']);
  });
});
