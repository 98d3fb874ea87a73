import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { testDatabases, useMigratedDatabase } from '../../../test-kit/test-databases.ts';
import { migrations } from '../migrations.ts';

describe.each(testDatabases())('migration 0018_staff on $name', (engine) => {
  const db = useMigratedDatabase(engine);

  it('goes down to 0017 and up again', async () => {
    const migrator = new Migrator({
      db: db(),
      provider: { getMigrations: () => Promise.resolve({ ...migrations }) },
    });
    const down = await migrator.migrateTo('0017_price_history');
    expect(down.error).toBeUndefined();
    const gone = sql`select count(*) as count from staff`.execute(db());
    await expect(gone).rejects.toThrow(/staff/);
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const rows = await db().selectFrom('audit_events').selectAll().execute();
    expect(rows).toEqual([]);
  });
});
