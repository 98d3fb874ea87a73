import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import { Pool } from 'pg';
import { openNodeSqlite } from './node-sqlite-database.ts';
import type { TradeDatabase } from './schema.ts';

/** Where the database lives: PostgreSQL when `databaseUrl` is set, else the SQLite file. */
export interface DatabaseConfig {
  /** `postgres://…` or `postgresql://…`; when set, SQLite is not used. */
  databaseUrl?: string | undefined;
  /** SQLite file (created with its folder when missing), or `:memory:`. */
  sqliteFile: string;
  /** Most connections one API node opens to PostgreSQL. */
  postgresPoolSize?: number;
  /**
   * How long a PostgreSQL call may take before it fails as "database unavailable": a server
   * passes {@link requestTimeouts}; unset, calls wait as long as the database needs (migrations,
   * the operator command line, tests).
   */
  timeouts?: DatabaseTimeouts;
  /** Where a connection lost while idle is reported (it never ends the process). */
  log?: (message: string, error: Error) => void;
}

/** Limits on waiting for PostgreSQL, in milliseconds. */
export interface DatabaseTimeouts {
  /** For a free connection of the pool, including opening a new one. */
  connectMs: number;
  /**
   * For the answer to one statement, measured by the client (a stalled server says nothing);
   * unset, a statement may run as long as it needs.
   */
  queryMs?: number;
}

/**
 * The limits of a serving node: a request that waits for a stalled or restarting database gives
 * up within 5 s (a connection within 1.5 s, then a statement within 3 s) and is answered 503.
 * The server cancels a statement itself after 2.5 s, so an abandoned one does not run on.
 */
export const requestTimeouts: DatabaseTimeouts = { connectMs: 1500, queryMs: 3000 };

/** The database handle every repository function takes. */
export type TradeDb = Kysely<TradeDatabase>;

/** Which SQL dialect a handle speaks. */
export type DatabaseDialect = 'sqlite' | 'postgres';

/** How long a SQLite writer waits for a lock before failing, in milliseconds. */
const sqliteBusyTimeoutMs = 5000;

/**
 * Opens the trade database: PostgreSQL (a `pg` pool) when `databaseUrl` is set, otherwise
 * SQLite through Node's built-in `node:sqlite` with WAL, foreign keys and a busy timeout. Does
 * not migrate.
 */
export function createDatabase(config: DatabaseConfig): TradeDb {
  if (config.databaseUrl !== undefined && config.databaseUrl !== '') {
    if (!/^postgres(?:ql)?:\/\//.test(config.databaseUrl)) {
      throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
    }
    const timeouts = config.timeouts;
    const pool = new Pool({
      connectionString: config.databaseUrl,
      max: config.postgresPoolSize ?? 10,
      // Dead peers (a crashed or unplugged database host) are noticed by the socket.
      keepAlive: true,
      ...(timeouts === undefined
        ? {}
        : {
            connectionTimeoutMillis: timeouts.connectMs,
            ...(timeouts.queryMs === undefined
              ? {}
              : {
                  query_timeout: timeouts.queryMs,
                  statement_timeout: Math.max(1, timeouts.queryMs - 500),
                }),
          }),
    });
    const trouble: DatabaseTrouble = { lastAt: undefined };
    survivePoolErrors(pool, config.log ?? defaultConnectionLog, trouble);
    if (timeouts !== undefined) noteFailedConnects(pool, trouble);
    if (timeouts?.queryMs !== undefined) closeConnectionsThatTimeOut(pool, trouble);
    const db = new Kysely<TradeDatabase>({ dialect: new PostgresDialect({ pool }) });
    troubles.set(db, trouble);
    return db;
  }
  if (config.sqliteFile !== ':memory:') mkdirSync(dirname(config.sqliteFile), { recursive: true });
  const database = openNodeSqlite(config.sqliteFile, { busyTimeoutMs: sqliteBusyTimeoutMs });
  return new Kysely<TradeDatabase>({ dialect: new SqliteDialect({ database }) });
}

/** When a handle last met its database unreachable: a lost connection, a timeout. */
interface DatabaseTrouble {
  lastAt: number | undefined;
}

const troubles = new WeakMap<object, DatabaseTrouble>();

/**
 * When (`Date.now()`) the PostgreSQL handle last found its database unreachable: a connection
 * lost, refused or not opened in time, a statement unanswered. Undefined for SQLite and for a
 * handle that never had trouble. A server reads it to answer a request that still waits on such
 * a database in time (`api-context.ts`).
 */
export function databaseTroubleAt(db: object): number | undefined {
  return troubles.get(db)?.lastAt;
}

/** Notes a failure to open or wait for a connection of the pool. */
function noteFailedConnects(pool: Pool, trouble: DatabaseTrouble): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  Object.assign(pool, {
    connect: (...args: unknown[]) => {
      const result = connect(...args);
      if (result instanceof Promise) {
        result.catch(() => {
          trouble.lastAt = Date.now();
        });
      }
      return result;
    },
  });
}

/** Reports a lost connection on standard error, as one line. */
function defaultConnectionLog(message: string, error: Error): void {
  process.stderr.write(`${message}: ${error.message}\n`);
}

/**
 * A PostgreSQL connection that breaks (the server restarts, an administrator terminates it,
 * the network drops) emits `error` on its client, and on the pool while it is idle. Unheard,
 * that event ends the process. Every client gets a listener for as long as it lives, checked
 * out or idle: the statement that was running fails on its own (and is answered 503), and pg's
 * pool discards the broken client when it is released, so the next call opens a new connection.
 */
function survivePoolErrors(
  pool: Pool,
  log: (message: string, error: Error) => void,
  trouble: DatabaseTrouble,
): void {
  // The client's own listener below has reported it already.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      trouble.lastAt = Date.now();
      log('a PostgreSQL connection was lost', error);
    });
  });
}

/**
 * A statement pg gave up on (`query_timeout`) may still be on its way to the server or running
 * there; left in the pool, its connection would answer the next caller late, or run a stalled
 * `BEGIN` once the server moves and leave the next caller's writes inside a transaction nobody
 * commits. Such a connection is closed at once instead: the statements still queued on it (a
 * transaction's `ROLLBACK`) fail without waiting, and the pool drops it on release, so a
 * request meets one statement timeout, not one per statement.
 */
function closeConnectionsThatTimeOut(pool: Pool, trouble: DatabaseTrouble): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    Object.assign(client, {
      query: (...args: unknown[]) => {
        const result = query(...args);
        if (result instanceof Promise) {
          result.catch((error: unknown) => {
            if (error instanceof Error && error.message === 'Query read timeout') {
              trouble.lastAt = Date.now();
              client.end().catch(() => undefined);
            }
          });
        }
        return result;
      },
    });
  });
}

/** The dialect of a handle made by {@link createDatabase}. */
export function databaseDialect(db: {
  getExecutor(): { readonly adapter: unknown };
}): DatabaseDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
