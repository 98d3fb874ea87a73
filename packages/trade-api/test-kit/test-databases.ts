import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Client } from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createDatabase, type TradeDb } from '../src/db/create-database.ts';
import { migrateToLatest } from '../src/db/migrations.ts';
import { tableNames } from '../src/db/schema.ts';

/** A database engine the storage tests run against. */
export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** A fresh, empty database of its own (not migrated). */
  create(): Promise<TradeDb>;
  /** Closes a database made by `create` and removes it. */
  destroy(db: TradeDb): Promise<void>;
  /**
   * The settings under which another process opens a database made by `create`, as
   * `readTradeApiConfig` reads them: `DATA_DIR` of the SQLite file, or `DATABASE_URL`.
   */
  settings(db: TradeDb): Record<string, string>;
  /**
   * A second handle to a database made by `create`, with a connection pool of its own, as a
   * second API node opens it. Close it (`destroy()` on the handle) before `destroy`.
   */
  connectAgain(db: TradeDb): TradeDb;
}

/** Where each created database lives, to remove it afterwards. */
const locations = new WeakMap<TradeDb, string>();

/** Where a database made by `create` is, or an error for one it did not make. */
function locationOf(db: TradeDb): string {
  const location = locations.get(db);
  if (location === undefined) throw new Error('This database was not made by the test kit');
  return location;
}

/** The database file of a SQLite test database in its folder. */
function sqliteFileIn(folder: string): string {
  return join(folder, 'trade.sqlite');
}

const sqliteDatabase: TestDatabase = {
  name: 'sqlite',
  create() {
    // A file rather than :memory:, so WAL and the file handling run as in production.
    const folder = mkdtempSync(join(tmpdir(), 'tradein-sqlite-'));
    const db = createDatabase({ sqliteFile: sqliteFileIn(folder) });
    locations.set(db, folder);
    return Promise.resolve(db);
  },
  connectAgain: (db) => createDatabase({ sqliteFile: sqliteFileIn(locationOf(db)) }),
  async destroy(db) {
    await db.destroy();
    const folder = locations.get(db);
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  },
  settings: (db) => ({ DATA_DIR: locationOf(db) }),
};

/** Runs one statement on the administrative database of the test cluster. */
async function administer(adminUrl: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function postgresDatabase(adminUrl: string): TestDatabase {
  const urlOf = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  return {
    name: 'postgres',
    async create() {
      // Each test file gets a database of its own, so files can run in parallel.
      const name = `t_${randomBytes(8).toString('hex')}`;
      await administer(adminUrl, `CREATE DATABASE ${name}`);
      const db = createDatabase({ databaseUrl: urlOf(name), sqliteFile: ':memory:' });
      locations.set(db, name);
      return db;
    },
    async destroy(db) {
      await db.destroy();
      const name = locations.get(db);
      if (name !== undefined) await administer(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
    },
    settings: (db) => ({ DATABASE_URL: urlOf(locationOf(db)) }),
    connectAgain: (db) =>
      createDatabase({ databaseUrl: urlOf(locationOf(db)), sqliteFile: ':memory:' }),
  };
}

/**
 * The databases storage tests run against: SQLite always, PostgreSQL when `TEST_DATABASE_URL`
 * is set (see `scripts/with-postgres.sh`). Use with `describe.each(testDatabases())`.
 */
export function testDatabases(): TestDatabase[] {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  return adminUrl === undefined || adminUrl === ''
    ? [sqliteDatabase]
    : [sqliteDatabase, postgresDatabase(adminUrl)];
}

/** The number of rows in every table: a snapshot to prove a request changed nothing. */
export async function rowCounts(db: TradeDb): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tableNames) {
    const row = await sql<{
      count: number | string;
    }>`select count(*) as count from ${sql.table(table)}`
      .execute(db)
      .then((result) => result.rows[0]);
    // PostgreSQL answers count(*) as a bigint string.
    counts[table] = Number(row?.count ?? 0);
  }
  return counts;
}

/**
 * A fresh database on `engine`, migrated before the tests of the calling `describe` and removed
 * after them; the getter hands it to the tests.
 */
export function useMigratedDatabase(engine: TestDatabase): () => TradeDb {
  let db: TradeDb | undefined;
  beforeAll(async () => {
    db = await engine.create();
    await migrateToLatest(db);
  });
  afterAll(async () => {
    if (db !== undefined) await engine.destroy(db);
  });
  return () => {
    if (db === undefined) throw new Error('the database is created before the tests run');
    return db;
  };
}
