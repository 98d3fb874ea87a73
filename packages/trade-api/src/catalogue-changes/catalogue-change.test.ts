import { describe, expect, it } from 'vitest';
import { testDatabases, useMigratedDatabase } from '../../test-kit/test-databases.ts';
import { CatalogueBusyError, latestRevision, runCatalogueChange } from './catalogue-change.ts';

/*
 * Catalogue changes take turns. On SQLite a second writer meets the file's write lock: a change
 * that cannot get it within the busy timeout is refused with a message saying what to do, and
 * writes nothing; the first change is not disturbed.
 */

const sqlite = testDatabases().find((engine) => engine.name === 'sqlite');
const origin = { actor: 'test', source: 'catalogue-change.test.ts' };

describe.runIf(sqlite !== undefined)('two catalogue changes at once on SQLite', () => {
  if (sqlite === undefined) return;
  const database = useMigratedDatabase(sqlite);

  it('refuses the second while the first holds the lock, and keeps the first', async () => {
    const db = database();
    const other = sqlite.connectAgain(db);
    let release = () => {};
    const holding = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const inside = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = runCatalogueChange(db, { kind: 'prices', note: 'first', origin }, async () => {
      started();
      await holding;
      return 'first done';
    });
    await inside;
    try {
      const refused: unknown = await runCatalogueChange(
        other,
        { kind: 'prices', note: 'second', origin },
        async () => 'written',
      ).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(CatalogueBusyError);
      expect(String(refused)).toContain('try again when it has finished');
    } finally {
      release();
      await other.destroy();
    }
    expect(await first).toBe('first done');
    expect((await latestRevision(db))?.note).toBe('first');
  }, 30_000);
});
