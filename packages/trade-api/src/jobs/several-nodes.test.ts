import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, type OutboxMail } from '../../test-kit/outbox-mail.ts';
import { testCatalogue } from '../../test-kit/stored-catalogue.ts';
import { testConfig } from '../../test-kit/test-server.ts';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { createCustomer, insertOffer, insertTrade } from '../../test-kit/trade-test-kit.ts';
import type { TradeDb } from '../db/create-database.ts';
import { loadCatalogue } from '../db/load-catalogue.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { createTradeApiOptions } from '../server/open-trade-api.ts';
import { createTradeApiServer } from '../server/trade-api-server.ts';
import { enqueueReminderScan } from './expiry-reminders.ts';
import type { JobLog } from './job-worker.ts';
import { createTradeJobWorker } from './trade-jobs.ts';
import { enqueueTradeStatusMail } from './trade-mail-jobs.ts';
import { dayMs } from '../time/day.ts';

/*
 * Several API nodes on one database: each node has its own connection pool (its own Kysely
 * handle) and its own worker and mail outbox. Every due job must be sent by exactly one of
 * them. PostgreSQL runs with `scripts/with-postgres.sh`; SQLite (one node in production) runs
 * the same with two connections to one file.
 */

const quiet: JobLog = { info() {}, warn() {}, error() {} };
const now = new Date('2026-06-15T10:00:00.000Z');

/** A mailer that takes a moment per mail, as a real one does, so the nodes' work interleaves. */
function slowMailer(outboxDir: string): Mailer {
  const real = createMailer({ smtpUrl: undefined, outboxDir });
  return {
    async send(message) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      return real.send(message);
    },
    close: () => real.close(),
  };
}

/** Mails grouped by recipient and subject, with how often each was sent. */
function countsByMail(mails: readonly OutboxMail[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of mails) {
    const key = `${mail.to} | ${mail.subject}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

describe.each(testDatabases())('two API nodes on one $name database', (engine) => {
  let nodeA: TradeDb;
  let nodeB: TradeDb;
  let dataDir: string;
  const customers: { id: string; email: string }[] = [];
  const customerCount = 30;

  beforeAll(async () => {
    nodeA = await engine.create();
    nodeB = engine.connectAgain(nodeA);
    await migrateToLatest(nodeA);
    await seedCatalogue(nodeA, testCatalogue(6));
    dataDir = await mkdtemp(join(tmpdir(), 'tradein-nodes-mail-'));
  });
  afterAll(async () => {
    await nodeB.destroy();
    await engine.destroy(nodeA);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('send every status mail and reminder exactly once when both run at the same time', async () => {
    // Per customer: a status change waiting for its mail, a trade whose label expires in a
    // day, and a stored cart (offers after the last checkout) that expires in a day and a half.
    for (let index = 0; index < customerCount; index += 1) {
      const customer = await createCustomer(nodeA);
      customers.push(customer);
      const received = await insertTrade(nodeA, {
        customerId: customer.id,
        status: 'received',
        createdAt: new Date(now.getTime() - 13.5 * dayMs),
        priceCents: 12_345,
      });
      await enqueueTradeStatusMail(nodeA, received, 'received', now.toISOString());
      await insertTrade(nodeA, {
        customerId: customer.id,
        createdAt: new Date(now.getTime() - 13 * dayMs),
        priceCents: 12_345,
      });
      // An offer of the customer's cart: created while logged in, not checked out.
      await insertOffer(nodeA, {
        priceCents: 5_000,
        deviceId: 1001,
        customerId: customer.id,
        createdAt: new Date(now.getTime() - 12.5 * dayMs),
      });
    }
    const outboxA = join(dataDir, 'a');
    const outboxB = join(dataDir, 'b');
    const deps = { clock: () => now, links: testConfig };
    const workerA = createTradeJobWorker(
      { ...deps, db: nodeA, mailer: slowMailer(outboxA) },
      quiet,
    );
    const workerB = createTradeJobWorker(
      { ...deps, db: nodeB, mailer: slowMailer(outboxB) },
      quiet,
    );

    // Both nodes enqueue the reminder scan of this quarter of an hour: it exists once.
    const scans = await Promise.all([
      enqueueReminderScan(nodeA, now),
      enqueueReminderScan(nodeB, now),
    ]);
    expect(scans.filter(Boolean)).toHaveLength(1);

    // Both run until nothing is due; the scan adds the reminders while they run.
    for (;;) {
      const [a, b] = await Promise.all([workerA.runDueJobs(), workerB.runDueJobs()]);
      expect(a.leaseLost + b.leaseLost + a.failed + b.failed + a.retried + b.retried).toBe(0);
      if (a.done + b.done === 0) break;
    }

    const expected = customerCount * 3;
    const mailsA = await readOutbox(outboxA);
    const mailsB = await readOutbox(outboxB);
    expect(mailsA.length + mailsB.length).toBe(expected);
    // Both nodes did part of the work, and no mail went out twice.
    expect(mailsA.length).toBeGreaterThan(0);
    expect(mailsB.length).toBeGreaterThan(0);
    const counts = countsByMail([...mailsA, ...mailsB]);
    expect(counts.size).toBe(expected);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    for (const customer of customers) {
      const theirs = [...mailsA, ...mailsB].filter((mail) => mail.to === customer.email);
      expect(theirs.map((mail) => mail.kind).toSorted()).toEqual([
        'expiry-reminder',
        'expiry-reminder',
        'trade-status',
      ]);
    }
    const logged = await nodeB
      .selectFrom('mail_log')
      .select(['transport'])
      .where('kind', 'in', ['trade-status', 'expiry-reminder'])
      .execute();
    expect(logged).toHaveLength(expected);
    expect(logged.every((row) => row.transport === 'outbox')).toBe(true);
    const open = await nodeA
      .selectFrom('jobs')
      .select('dedupe_key')
      .where('done_at', 'is', null)
      .execute();
    expect(open).toEqual([]);

    // A later scan by either node finds every reminder sent already.
    const later = new Date(now.getTime() + 16 * 60_000);
    await enqueueReminderScan(nodeB, later);
    const laterWorker = createTradeJobWorker(
      { ...deps, clock: () => later, db: nodeB, mailer: slowMailer(outboxB) },
      quiet,
    );
    expect(await laterWorker.runDueJobs()).toMatchObject({ done: 1 });
    expect((await readOutbox(outboxB)).length).toBe(mailsB.length);
  });

  it('send each mail once from two running API nodes, whose workers stop when they close', async () => {
    const catalogue = await loadCatalogue(nodeA);
    const outboxes = [join(dataDir, 'server-a'), join(dataDir, 'server-b')];
    const mailers = outboxes.map((outboxDir) => slowMailer(outboxDir));
    const servers = await Promise.all(
      [nodeA, nodeB].map(async (db, index) => {
        const mailer = mailers[index] ?? slowMailer(dataDir);
        const options = createTradeApiOptions({
          db,
          config: testConfig,
          catalogue,
          mailer,
          clock: () => now,
          jobIntervalMs: 20,
        });
        const app = await createTradeApiServer({ ...options, config: testConfig, db });
        await app.ready();
        return app;
      }),
    );
    const trades = [];
    for (const customer of customers) {
      const trade = await insertTrade(nodeA, {
        customerId: customer.id,
        status: 'paid',
        createdAt: now,
        priceCents: 12_345,
      });
      await enqueueTradeStatusMail(nodeA, trade, 'paid', now.toISOString());
      trades.push(trade);
    }
    for (let wait = 0; wait < 400; wait += 1) {
      const open = await nodeA
        .selectFrom('jobs')
        .select('id')
        .where('done_at', 'is', null)
        .executeTakeFirst();
      if (open === undefined) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await Promise.all(servers.map((app) => app.close()));

    const mails = (await Promise.all(outboxes.map((outboxDir) => readOutbox(outboxDir)))).flat();
    const paid = mails.filter((mail) => mail.kind === 'trade-status');
    expect(paid).toHaveLength(trades.length);
    expect(new Set(paid.map((mail) => mail.to)).size).toBe(trades.length);
    for (const trade of trades) {
      expect(paid.filter((mail) => mail.subject.includes(trade.tradeNumber))).toHaveLength(1);
    }

    // Closed nodes run nothing any more: a job enqueued now stays where it is.
    const trade = await insertTrade(nodeA, {
      customerId: customers[0]?.id ?? '',
      status: 'paid',
      createdAt: now,
      priceCents: 12_345,
    });
    await enqueueTradeStatusMail(nodeA, trade, 'paid', now.toISOString());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const waiting = await nodeA
      .selectFrom('jobs')
      .select(['attempts', 'done_at'])
      .where('dedupe_key', '=', `trade-mail:${trade.id}:status:paid`)
      .executeTakeFirstOrThrow();
    expect(waiting).toEqual({ attempts: 0, done_at: null });
    for (const mailer of mailers) mailer.close();
  });
});
