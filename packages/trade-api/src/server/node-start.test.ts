import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDatabaseProxy, type DatabaseProxy } from '../../test-kit/database-proxy.ts';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { readTradeApiConfig } from '../config/trade-api-config.ts';
import type { TradeDb } from '../db/create-database.ts';
import { ClusterSettingsError, forgetSharedSecret } from './cluster-check.ts';
import { openTradeApi } from './open-trade-api.ts';

/*
 * How a node starts on PostgreSQL: it waits for a database that is not there yet instead of
 * exiting, and it refuses settings that would split one shop into nodes that do not trust each
 * other's tokens.
 */

const postgres = testDatabases().find((engine) => engine.name === 'postgres');
const secret = 'a-secret-that-every-node-of-this-test-shares-0001';

describe.runIf(postgres !== undefined)('a node starting on PostgreSQL', () => {
  let db: TradeDb;
  let databaseUrl: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'tradein-node-start-'));

  beforeAll(async () => {
    if (postgres === undefined) return;
    db = await postgres.create();
    const url = postgres.settings(db)['DATABASE_URL'];
    if (url === undefined) throw new Error('the test database has no URL');
    databaseUrl = url;
  });

  afterAll(async () => {
    if (postgres !== undefined && db !== undefined) await postgres.destroy(db);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The configuration of a node from its environment, as `npm run start:api` reads it. */
  function nodeConfig(environment: Record<string, string | undefined>) {
    return readTradeApiConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: secret,
      PUBLIC_ORIGIN: 'https://shop.example',
      ...environment,
    });
  }

  /** Opens a node and closes it again; the error it refused with, if any. */
  async function start(environment: Record<string, string | undefined>) {
    try {
      const opened = await openTradeApi(nodeConfig(environment), { log: () => undefined });
      await opened.close();
      return undefined;
    } catch (error) {
      return error;
    }
  }

  it('waits for a database that refuses connections, saying so, and starts once it answers', async () => {
    const proxy: DatabaseProxy = await startDatabaseProxy(databaseUrl);
    await proxy.refuse();
    const lines: string[] = [];
    let restored = false;
    const opening = openTradeApi(nodeConfig({ DATABASE_URL: proxy.url }), {
      log: (line) => {
        lines.push(line);
        if (lines.length === 2 && !restored) {
          restored = true;
          void proxy.restore();
        }
      },
      maxRetryDelayMs: 200,
    });
    const opened = await opening;
    try {
      expect(lines.length).toBeGreaterThanOrEqual(2);
      expect(lines[0]).toMatch(
        /^The database is not reachable yet \(.+\); trying again in 0\.2 s \(attempt 1\)$/,
      );
      // The cause itself, not the migration that met it.
      expect(lines[0]).toContain('ECONNREFUSED');
      expect(lines[0]).not.toContain('Migration');
      expect(opened.catalogue.current().catalogue.categories.length).toBeGreaterThan(0);
    } finally {
      await opened.close();
      await proxy.close();
    }
  }, 120_000);

  it('refuses to start without JWT_SECRET or PUBLIC_ORIGIN, naming them', async () => {
    const withoutSecret = await start({ JWT_SECRET: undefined });
    expect(withoutSecret).toBeInstanceOf(ClusterSettingsError);
    expect(String(withoutSecret)).toContain('JWT_SECRET is not set');
    const withoutOrigin = await start({ PUBLIC_ORIGIN: undefined });
    expect(String(withoutOrigin)).toContain('PUBLIC_ORIGIN is not set');
    const withoutBoth = await start({ JWT_SECRET: undefined, PUBLIC_ORIGIN: undefined });
    expect(String(withoutBoth)).toContain('JWT_SECRET and PUBLIC_ORIGIN are not set');
  }, 60_000);

  it('refuses a JWT_SECRET other than the one the database has seen, without storing the secret', async () => {
    expect(await start({})).toBeUndefined();
    const other = await start({ JWT_SECRET: 'another-secret-that-is-long-enough-for-hs256' });
    expect(other).toBeInstanceOf(ClusterSettingsError);
    expect(String(other)).toContain('JWT_SECRET differs from the one the other nodes');
    expect(await start({})).toBeUndefined();
    const stored = await db.selectFrom('node_settings').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(secret);
    // After a deliberate change of the secret on every node, the operator forgets the old one.
    expect(await forgetSharedSecret(db)).toBe(true);
    expect(
      await start({ JWT_SECRET: 'another-secret-that-is-long-enough-for-hs256' }),
    ).toBeUndefined();
  }, 60_000);
});

describe('a node starting on SQLite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tradein-node-start-sqlite-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps its generated secret and the default origin: it is the only node', async () => {
    const config = readTradeApiConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    expect(config.sharedSettingsGiven).toEqual({ jwtSecret: false, publicOrigin: false });
    const opened = await openTradeApi(config);
    await opened.close();
    expect(opened.catalogue.current().catalogue.categories.length).toBeGreaterThan(0);
  }, 60_000);
});
