import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openNodeSqlite } from './node-sqlite-database.ts';

interface TestTables {
  parent: { id: Generated<number>; name: string };
  child: { id: number; parent_id: number };
}

describe('node:sqlite under Kysely', () => {
  let folder: string;
  let file: string;
  let db: Kysely<TestTables>;

  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'tradein-node-sqlite-'));
    file = join(folder, 'test.sqlite');
    db = new Kysely<TestTables>({
      dialect: new SqliteDialect({ database: openNodeSqlite(file, { busyTimeoutMs: 300 }) }),
    });
    await sql`CREATE TABLE parent (id integer primary key autoincrement, name text not null)`.execute(
      db,
    );
    await sql`CREATE TABLE child (id integer primary key, parent_id integer not null references parent (id))`.execute(
      db,
    );
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  it('opens the file in WAL mode with NORMAL sync and foreign keys on', async () => {
    const { rows } = await sql<{
      journal_mode: string;
    }>`PRAGMA journal_mode`.execute(db);
    expect(rows).toEqual([{ journal_mode: 'wal' }]);
    const sync = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db);
    expect(sync.rows).toEqual([{ synchronous: 1 }]);
    await expect(db.insertInto('child').values({ id: 1, parent_id: 99 }).execute()).rejects.toThrow(
      /FOREIGN KEY constraint failed/,
    );
  });

  it('returns inserted ids, changed row counts and RETURNING rows', async () => {
    const inserted = await db.insertInto('parent').values({ name: 'Erika' }).executeTakeFirst();
    expect(inserted.insertId).toBe(1n);
    const returned = await db
      .insertInto('parent')
      .values([{ name: 'Max' }, { name: 'Anna' }])
      .returning(['id', 'name'])
      .execute();
    expect(returned).toEqual([
      { id: 2, name: 'Max' },
      { id: 3, name: 'Anna' },
    ]);
    const updated = await db
      .updateTable('parent')
      .set({ name: 'Moritz' })
      .where('id', '>', 1)
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
  });

  it('binds positional parameters, including null and blobs, and streams rows', async () => {
    await db
      .insertInto('parent')
      .values([{ name: 'a' }, { name: 'b' }, { name: 'c' }])
      .execute();
    const names: string[] = [];
    for await (const row of db.selectFrom('parent').select('name').orderBy('id').stream(2)) {
      names.push(row.name);
    }
    expect(names).toEqual(['a', 'b', 'c']);
    const { rows } = await sql<{
      missing: null;
      bytes: Uint8Array;
    }>`SELECT ${null} AS missing, ${new Uint8Array([1, 2])} AS bytes`.execute(db);
    expect(rows[0]?.missing).toBeNull();
    expect([...(rows[0]?.bytes ?? [])]).toEqual([1, 2]);
  });

  it('waits for a lock held by another connection up to the busy timeout, then fails', async () => {
    const other = new DatabaseSync(file);
    try {
      other.exec('BEGIN IMMEDIATE');
      const started = performance.now();
      await expect(db.insertInto('parent').values({ name: 'late' }).execute()).rejects.toThrow(
        /locked/,
      );
      expect(performance.now() - started).toBeGreaterThanOrEqual(250);
      other.exec('ROLLBACK');
      await db.insertInto('parent').values({ name: 'now' }).execute();
      expect(await db.selectFrom('parent').select('name').execute()).toEqual([{ name: 'now' }]);
    } finally {
      other.close();
    }
  });
});
