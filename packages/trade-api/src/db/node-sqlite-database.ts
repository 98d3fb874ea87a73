import type { SQLInputValue, StatementSync } from 'node:sqlite';
import { DatabaseSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How a SQLite file is opened: WAL, foreign keys and a busy timeout, as every node needs. */
export interface NodeSqliteOptions {
  /** How long a writer waits for a lock held by another connection before failing, in ms. */
  busyTimeoutMs: number;
}

/** Kysely hands over whatever the query holds; `node:sqlite` refuses what it cannot bind. */
function bind(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters as SQLInputValue[];
}

/**
 * Kysely's `SqliteDialect` drives the better-sqlite3 statement shape: parameters as one array
 * and a `reader` flag telling whether a statement returns rows. `node:sqlite` takes parameters
 * spread and says whether a statement returns rows through its result columns. This is the
 * whole difference, so the adapter stays this small.
 */
function adaptStatement(statement: StatementSync): SqliteStatement {
  // A statement returns rows when it has result columns (SELECT, PRAGMA, … RETURNING).
  const reader = statement.columns().length > 0;
  return {
    reader,
    all: (parameters) => statement.all(...bind(parameters)),
    run: (parameters) => statement.run(...bind(parameters)),
    iterate: (parameters) => statement.iterate(...bind(parameters)),
  };
}

/**
 * Opens a SQLite file (or `:memory:`) with Node's built-in `node:sqlite`, in WAL mode with
 * foreign keys on, for Kysely's `SqliteDialect`. No native addon is built or loaded.
 */
export function openNodeSqlite(location: string, options: NodeSqliteOptions): SqliteDatabase {
  const database = new DatabaseSync(location, {
    enableForeignKeyConstraints: true,
    timeout: options.busyTimeoutMs,
  });
  database.exec('PRAGMA journal_mode = WAL');
  // WAL with NORMAL sync is durable against application crashes and much faster per commit.
  database.exec('PRAGMA synchronous = NORMAL');
  return {
    close: () => database.close(),
    prepare: (sql) => adaptStatement(database.prepare(sql)),
  };
}
