import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBehindProxy, type DatabaseProxy } from '../../test-kit/database-proxy.ts';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { startTestServer, testConfig, type RunningServer } from '../../test-kit/test-server.ts';
import { requestTimeouts, type TradeDb } from '../db/create-database.ts';
import { loadCatalogue } from '../db/load-catalogue.ts';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { createMailer } from '../mail/mailer.ts';
import { createTradeApiOptions } from './open-trade-api.ts';

/*
 * A node whose PostgreSQL restarts, stalls or drops connections: every request is answered
 * (503 with Retry-After while the database is away, within 5 s), the process lives on, and the
 * node serves again by itself once the database is back. The database sits behind a proxy the
 * test breaks; the PostgreSQL server itself keeps running for the other test files.
 */

const postgres = testDatabases().find((engine) => engine.name === 'postgres');

/** The most a request may take while the database is away (the promise). */
const answerWithinMs = 5000;

describe.runIf(postgres !== undefined)('a node whose PostgreSQL goes away', () => {
  let base: TradeDb;
  let proxy: DatabaseProxy;
  let db: TradeDb;
  let server: RunningServer;
  let close: (() => Promise<void>) | undefined;
  const lost: string[] = [];

  beforeAll(async () => {
    if (postgres === undefined) return;
    ({ base, proxy, db, close } = await databaseBehindProxy(postgres, {
      log: (message) => lost.push(message),
    }));
    const mailer = createMailer({
      smtpUrl: undefined,
      outboxDir: join(tmpdir(), 'tradein-outage-outbox'),
    });
    const catalogue = await loadCatalogue(base);
    const options = createTradeApiOptions({ db, config: testConfig, catalogue, mailer });
    server = await startTestServer(db, {
      ...options,
      extend: async (route, api) => {
        await options.extend?.(route, api);
        // A call that cleans up after a failed statement, as a checkout does: each clean-up
        // statement waits for a connection of its own while the database is away.
        api.post('/test/clean-up-after-failure', async () => {
          try {
            await sql`select 1`.execute(db);
          } catch (error) {
            await sql`select 2`.execute(db).catch(() => undefined);
            await sql`select 3`.execute(db).catch(() => undefined);
            throw error;
          }
          return { ok: true };
        });
      },
      config: testConfig,
      logger: false,
      migrated: true,
    });
  });

  afterAll(async () => {
    await server?.close();
    await close?.();
  });

  /** Calls a route that reads the database; its status, Retry-After and how long it took. */
  async function call(path: '/api/health' | '/api/account/login') {
    const started = performance.now();
    const answer = await server.app.inject(
      path === '/api/health'
        ? { method: 'GET', url: path }
        : {
            method: 'POST',
            url: path,
            payload: { username: 'nobody@example.com', password: 'not-the-password' },
          },
    );
    return {
      status: answer.statusCode,
      retryAfter: answer.headers['retry-after'],
      code: (answer.json() as { error?: { code?: string } }).error?.code,
      ms: performance.now() - started,
    };
  }

  /** Calls until the answer is not a 503; that answer's status and the time it took to come. */
  async function recovers(path: '/api/health' | '/api/account/login') {
    const started = performance.now();
    for (;;) {
      const answer = await call(path);
      if (answer.status !== 503) return { status: answer.status, ms: performance.now() - started };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Wrong passwords are refused, and soon throttled: both are answers from the database. */
  const refusedLogin = [401, 429];

  /** Calls the paths at once while the database is away: each is a 503 with Retry-After within 5 s. */
  async function expectUnavailable(paths: readonly ('/api/health' | '/api/account/login')[]) {
    for (const answer of await Promise.all(paths.map(call))) {
      expect(answer).toMatchObject({ status: 503, retryAfter: '5', code: 'database_unavailable' });
      expect(answer.ms).toBeLessThan(answerWithinMs);
    }
  }

  /** Once the database is back, a login is answered from it again within 10 s. */
  async function expectServedAgain() {
    const login = await recovers('/api/account/login');
    expect(refusedLogin).toContain(login.status);
    expect(login.ms).toBeLessThan(10_000);
  }

  it('serves while the database answers', async () => {
    expect((await call('/api/health')).status).toBe(200);
    expect((await call('/api/account/login')).status).toBe(401);
  });

  it('answers 503 with Retry-After at once while the database refuses connections, and serves again when it is back', async () => {
    await proxy.refuse();
    try {
      await expectUnavailable(['/api/health', '/api/account/login']);
    } finally {
      await proxy.restore();
    }
    await expectServedAgain();
    expect(await recovers('/api/health')).toMatchObject({ status: 200 });
  }, 30_000);

  it('answers 503 within 5 s while the database stalls, and serves again when it moves', async () => {
    // Connections exist in the pool: the stall catches them mid-conversation too.
    await Promise.all([call('/api/health'), call('/api/account/login')]);
    expect(proxy.connections()).toBeGreaterThan(0);
    proxy.stall();
    try {
      await expectUnavailable(['/api/health', '/api/account/login', '/api/account/login']);
    } finally {
      await proxy.restore();
    }
    await expectServedAgain();
  }, 30_000);

  it('answers a call still cleaning up after the database stalled with 503 in time', async () => {
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/test/clean-up-after-failure' }))
        .statusCode,
    ).toBe(200);
    proxy.stall();
    try {
      const started = performance.now();
      const answer = await server.app.inject({
        method: 'POST',
        url: '/api/test/clean-up-after-failure',
      });
      const took = performance.now() - started;
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toMatchObject({ error: { code: 'database_unavailable' } });
      expect(took).toBeLessThan(answerWithinMs);
    } finally {
      await proxy.restore();
    }
    await expectServedAgain();
  }, 30_000);

  it('lives on when PostgreSQL terminates its connections, and opens new ones', async () => {
    await Promise.all([call('/api/health'), call('/api/health'), call('/api/account/login')]);
    const name = new URL(proxy.url).pathname.slice(1);
    // What a restart or an administrator does to idle connections: 57P01 on each of them.
    const terminated = await sql<{ pid: number }>`
      select pg_terminate_backend(pid) as pid from pg_stat_activity
      where datname = ${name} and pid <> pg_backend_pid()`.execute(base);
    expect(terminated.rows.length).toBeGreaterThan(0);
    const health = await recovers('/api/health');
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(10_000);
    expect(refusedLogin).toContain((await call('/api/account/login')).status);
    expect(lost.some((message) => message.includes('PostgreSQL connection was lost'))).toBe(true);
  }, 30_000);
});

/** How long `work` took to fail as a database that cannot be reached, in milliseconds. */
async function timesOutAfter(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  const failure = await work().then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(isDatabaseUnavailable(failure)).toBe(true);
  return performance.now() - started;
}

describe.runIf(postgres !== undefined)('a connection whose statement timed out', () => {
  let base: TradeDb;
  let proxy: DatabaseProxy;
  let db: TradeDb;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (postgres === undefined) return;
    // One connection, so the next statement gets the very connection that timed out.
    ({ base, proxy, db, close } = await databaseBehindProxy(postgres, {
      postgresPoolSize: 1,
      log: () => undefined,
    }));
  });

  afterAll(async () => {
    await close?.();
  });

  it('fails a transaction after one statement timeout, not one more for its rollback', async () => {
    const took = await timesOutAfter(() =>
      db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        proxy.stall();
        await sql`select 2`.execute(trx);
      }),
    );
    await proxy.restore();
    expect(took).toBeLessThan((requestTimeouts.queryMs ?? 0) + 1000);
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
  }, 30_000);

  it('never hands out a connection whose stalled BEGIN runs once the database moves again', async () => {
    await sql`select 1`.execute(db);
    proxy.stall();
    await timesOutAfter(() => db.transaction().execute((trx) => sql`select 1`.execute(trx)));
    await proxy.restore();
    // Written on the pool's only connection: committed, so another connection sees it.
    await db
      .insertInto('node_settings')
      .values({ name: 'after-the-stall', value: 'seen', updated_at: new Date().toISOString() })
      .execute();
    const seen = await base
      .selectFrom('node_settings')
      .select('value')
      .where('name', '=', 'after-the-stall')
      .executeTakeFirst();
    expect(seen?.value).toBe('seen');
  }, 30_000);
});
