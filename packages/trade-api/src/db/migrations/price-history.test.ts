import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { testDatabases, useMigratedDatabase } from '../../../test-kit/test-databases.ts';
import { buildCatalogue } from '../../catalogue/build-catalogue.ts';
import { migrations } from '../migrations.ts';
import { seedCatalogue } from '../seed-catalogue.ts';

/*
 * A database seeded before `0017_price_history`: the migration makes its stored prices and
 * factors the first entries of the history, under one revision, so every price has an origin.
 */

describe.each(testDatabases())('migration 0017 on a seeded $name database', (engine) => {
  const database = useMigratedDatabase(engine);

  it('records the stored prices and factors as the first history, once', async () => {
    const db = database();
    await seedCatalogue(db, buildCatalogue());
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve({ ...migrations }) },
    });
    // Back to the schema before price history, as a database seeded then would be.
    expect((await migrator.migrateTo('0016_node_settings')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const revisions = await db
      .selectFrom('catalogue_revisions')
      .selectAll()
      .orderBy('id')
      .execute();
    expect(revisions.map((row) => [row.kind, row.actor, row.source])).toEqual([
      ['seed', 'seed', 'seed'],
      ['prices', 'migration', '0017_price_history'],
    ]);
    const revisionId = revisions[1]?.id;
    const prices = await db.selectFrom('device_prices').selectAll().execute();
    const history = await db.selectFrom('price_changes').selectAll().execute();
    expect(history).toHaveLength(prices.length);
    const first = prices[0];
    expect(
      history.find((row) => row.device_id === first?.device_id && row.edition === first.edition),
    ).toMatchObject({
      revision_id: revisionId,
      old_base_price_cents: null,
      new_base_price_cents: first?.base_price_cents,
      new_recycling_price_cents: first?.recycling_price_cents,
    });
    const answers = await db.selectFrom('answers').select('question_id').execute();
    const factors = await db.selectFrom('factor_changes').selectAll().execute();
    expect(factors).toHaveLength(answers.length);
    expect(
      factors.every((row) => row.revision_id === revisionId && row.old_price_factor === null),
    ).toBe(true);
  });
});
