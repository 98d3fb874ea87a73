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

/** A promise and what settles it: a test holds a change open until it opens the gate. */
function gate(): { promise: Promise<void>; open: () => void } {
  let settle: (() => void) | undefined;
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, open: () => settle?.() };
}

describe.runIf(sqlite !== undefined)('two catalogue changes at once on SQLite', () => {
  if (sqlite === undefined) return;
  const database = useMigratedDatabase(sqlite);

  it('refuses the second while the first holds the lock, and keeps the first', async () => {
    const db = database();
    const other = sqlite.connectAgain(db);
    const holding = gate();
    const inside = gate();
    const first = runCatalogueChange(db, { kind: 'prices', note: 'first', origin }, async () => {
      inside.open();
      await holding.promise;
      return 'first done';
    });
    await inside.promise;
    try {
      const refused: unknown = await runCatalogueChange(
        other,
        { kind: 'prices', note: 'second', origin },
        async () => 'written',
      ).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(CatalogueBusyError);
      expect(String(refused)).toContain('try again when it has finished');
    } finally {
      holding.open();
      await other.destroy();
    }
    expect(await first).toBe('first done');
    expect((await latestRevision(db))?.note).toBe('first');
  }, 30_000);
});
