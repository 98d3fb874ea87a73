import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, type OutboxMail } from '../../test-kit/outbox-mail.ts';
import { testCatalogue } from '../../test-kit/stored-catalogue.ts';
import { testConfig } from '../../test-kit/test-server.ts';
import { addressFor, createCustomer } from '../../test-kit/trade-test-kit.ts';
import { createDatabase, type TradeDb } from '../db/create-database.ts';
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

/** One database reached through two handles, as two nodes reach it. */
interface SharedDatabase {
  name: string;
  open(): Promise<[TradeDb, TradeDb]>;
  remove(): Promise<void>;
}

function sqliteShared(): SharedDatabase {
  let folder = '';
  return {
    name: 'sqlite',
    async open() {
      folder = await mkdtemp(join(tmpdir(), 'tradein-nodes-'));
      const file = join(folder, 'trade.sqlite');
      return [createDatabase({ sqliteFile: file }), createDatabase({ sqliteFile: file })];
    },
    async remove() {
      await rm(folder, { recursive: true, force: true });
    },
  };
}

function postgresShared(adminUrl: string): SharedDatabase {
  const name = `t_nodes_${randomBytes(6).toString('hex')}`;
  const administer = async (statement: string) => {
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'postgres',
    async open() {
      await administer(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const open = () =>
        createDatabase({
          databaseUrl: url.toString(),
          sqliteFile: ':memory:',
          postgresPoolSize: 4,
        });
      return [open(), open()];
    },
    remove: () => administer(`DROP DATABASE IF EXISTS ${name}`),
  };
}

function sharedDatabases(): SharedDatabase[] {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  return adminUrl === undefined || adminUrl === ''
    ? [sqliteShared()]
    : [sqliteShared(), postgresShared(adminUrl)];
}

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

/** A trade of the customer in `status`, checked out at `createdAt`, with one device. */
async function insertTrade(
  db: TradeDb,
  customerId: string,
  status: string,
  createdAt: Date,
): Promise<{ id: number; tradeNumber: string }> {
  const offerId = randomUUID();
  await db
    .insertInto('offers')
    .values({
      id: offerId,
      device_id: 1000,
      edition: 'de',
      answers: JSON.stringify({ POWERS_ON: 'YES', GRADE: 'GRADE_LIKE_NEW' }),
      price_cents: 12_345,
      is_recycling: 0,
      valid_until: new Date(createdAt.getTime() + 14 * dayMs).toISOString(),
      customer_id: customerId,
      created_at: createdAt.toISOString(),
    })
    .execute();
  const tradeNumber = `T-2026-${randomBytes(4).toString('hex')}`;
  const trade = await db
    .insertInto('trades')
    .values({
      trade_number: tradeNumber,
      customer_id: customerId,
      edition: 'de',
      status,
      address_snapshot: JSON.stringify(addressFor('de')),
      payment_type: 13,
      payout_details: '{}',
      voucher_code: null,
      total_cents: 12_345,
      is_b2b: 0,
      partner: null,
      shop_mode: 'default',
      created_at: createdAt.toISOString(),
      updated_at: createdAt.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('trade_items')
    .values({
      trade_id: trade.id,
      offer_id: offerId,
      device_id: 1000,
      device_name: 'Phone 1000',
      quantity: 1,
      price_cents: 12_345,
      revised_price_cents: null,
      inspection_findings: null,
      photo_path: null,
    })
    .execute();
  return { id: trade.id, tradeNumber };
}

/** An offer the customer created while logged in and has not checked out. */
async function insertCartOffer(db: TradeDb, customerId: string, createdAt: Date): Promise<void> {
  await db
    .insertInto('offers')
    .values({
      id: randomUUID(),
      device_id: 1001,
      edition: 'de',
      answers: JSON.stringify({ POWERS_ON: 'YES', GRADE: 'GRADE_GOOD' }),
      price_cents: 5_000,
      is_recycling: 0,
      valid_until: new Date(createdAt.getTime() + 14 * dayMs).toISOString(),
      customer_id: customerId,
      created_at: createdAt.toISOString(),
    })
    .execute();
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

describe.each(sharedDatabases())('two API nodes on one $name database', (shared) => {
  let nodeA: TradeDb;
  let nodeB: TradeDb;
  let dataDir: string;
  const customers: { id: string; email: string }[] = [];
  const customerCount = 30;

  beforeAll(async () => {
    [nodeA, nodeB] = await shared.open();
    await migrateToLatest(nodeA);
    await seedCatalogue(nodeA, testCatalogue(6));
    dataDir = await mkdtemp(join(tmpdir(), 'tradein-nodes-mail-'));
  });
  afterAll(async () => {
    await nodeA.destroy();
    await nodeB.destroy();
    await shared.remove();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('send every status mail and reminder exactly once when both run at the same time', async () => {
    // Per customer: a status change waiting for its mail, a trade whose label expires in a
    // day, and a stored cart (offers after the last checkout) that expires in a day and a half.
    for (let index = 0; index < customerCount; index += 1) {
      const customer = await createCustomer(nodeA);
      customers.push(customer);
      const received = await insertTrade(
        nodeA,
        customer.id,
        'received',
        new Date(now.getTime() - 13.5 * dayMs),
      );
      await enqueueTradeStatusMail(nodeA, received, 'received', now.toISOString());
      await insertTrade(nodeA, customer.id, 'created', new Date(now.getTime() - 13 * dayMs));
      await insertCartOffer(nodeA, customer.id, new Date(now.getTime() - 12.5 * dayMs));
    }
    const outboxA = join(dataDir, 'a');
    const outboxB = join(dataDir, 'b');
    const deps = { clock: () => now, publicOrigin: testConfig.publicOrigin };
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
        const {
          db: _db,
          config: _config,
          ...options
        } = createTradeApiOptions({
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
      const trade = await insertTrade(nodeA, customer.id, 'paid', now);
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
    const trade = await insertTrade(nodeA, customers[0]?.id ?? '', 'paid', now);
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
