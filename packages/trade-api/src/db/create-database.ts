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
}

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
    const pool = new Pool({
      connectionString: config.databaseUrl,
      max: config.postgresPoolSize ?? 10,
    });
    return new Kysely<TradeDatabase>({ dialect: new PostgresDialect({ pool }) });
  }
  if (config.sqliteFile !== ':memory:') mkdirSync(dirname(config.sqliteFile), { recursive: true });
  const database = openNodeSqlite(config.sqliteFile, { busyTimeoutMs: sqliteBusyTimeoutMs });
  return new Kysely<TradeDatabase>({ dialect: new SqliteDialect({ database }) });
}

/** The dialect of a handle made by {@link createDatabase}. */
export function databaseDialect(db: {
  getExecutor(): { readonly adapter: unknown };
}): DatabaseDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
