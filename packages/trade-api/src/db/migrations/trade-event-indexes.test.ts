import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabases, useMigratedDatabase } from '../../../test-kit/test-databases.ts';
import type { TradeDb } from '../create-database.ts';
import { migrations } from '../migrations.ts';

/** The names of the indexes of `trade_events`. */
async function indexNames(db: TradeDb, engine: string): Promise<string[]> {
  const rows =
    engine === 'postgres'
      ? await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where tablename = 'trade_events'`.execute(db)
      : await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name = 'trade_events'`.execute(
          db,
        );
  return rows.rows.map((row) => row.name);
}

/** The plan of a query, as one text. */
async function planOf(db: TradeDb, engine: string, query: string): Promise<string> {
  if (engine === 'postgres') {
    return db.transaction().execute(async (trx) => {
      // The tables are empty: without this, a sequential scan is cheapest and hides the index.
      await sql`set local enable_seqscan = off`.execute(trx);
      const rows = await sql<Record<string, string>>`explain ${sql.raw(query)}`.execute(trx);
      return rows.rows.map((row) => Object.values(row).join(' ')).join('\n');
    });
  }
  const rows = await sql<{ detail: string }>`explain query plan ${sql.raw(query)}`.execute(db);
  return rows.rows.map((row) => row.detail).join('\n');
}

describe.each(testDatabases())('migration 0021_trade_event_indexes on $name', (engine) => {
  const db = useMigratedDatabase(engine);
  const ours = ['trade_events_status_created', 'trade_events_trade_status'];

  it("reads a status's time range and a trade's events of a status through its indexes", async () => {
    expect(await indexNames(db(), engine.name)).toEqual(expect.arrayContaining(ours));
    const range = await planOf(
      db(),
      engine.name,
      "select trade_id from trade_events where status = 'paid' and created_at >= '2026-03-01' and created_at < '2026-03-02'",
    );
    expect(range).toContain('trade_events_status_created');
    const latest = await planOf(
      db(),
      engine.name,
      "select max(created_at) from trade_events where trade_id = 1 and status = 'accepted'",
    );
    expect(latest).toContain('trade_events_trade_status');
  });

  it('goes down and up again', async () => {
    const migration = migrations['0021_trade_event_indexes'];
    await migration?.down?.(db());
    const left = await indexNames(db(), engine.name);
    expect(left.filter((name) => ours.includes(name))).toEqual([]);
    expect(left).toContain('trade_events_trade');
    await migration?.up(db());
    expect(await indexNames(db(), engine.name)).toEqual(expect.arrayContaining(ours));
  });
});
