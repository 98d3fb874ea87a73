import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createDatabase, type TradeDb } from '../src/db/create-database.ts';

/*
 * The PostgreSQL side of a database benchmark: a fresh database of its own on the server that
 * TEST_DATABASE_URL or DATABASE_URL names, dropped afterwards.
 */

/** Runs one statement on the server's administrative database. */
async function administer(url: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Runs `measure` on a throwaway PostgreSQL database named `<prefix>_<random>`, and drops it;
 * answers undefined (and says so) when no server is configured.
 */
export async function onThrowawayPostgres<T>(
  prefix: string,
  measure: (db: TradeDb) => Promise<T>,
): Promise<T | undefined> {
  const serverUrl = process.env['TEST_DATABASE_URL'] || process.env['DATABASE_URL'];
  if (serverUrl === undefined || serverUrl === '') {
    console.log('postgres: skipped (set TEST_DATABASE_URL or DATABASE_URL to a server)');
    return undefined;
  }
  const database = `${prefix}_${randomBytes(6).toString('hex')}`;
  await administer(serverUrl, `CREATE DATABASE ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const postgres = createDatabase({ databaseUrl: url.toString(), sqliteFile: ':memory:' });
  try {
    return await measure(postgres);
  } finally {
    await postgres.destroy();
    await administer(serverUrl, `DROP DATABASE IF EXISTS ${database}`);
  }
}
