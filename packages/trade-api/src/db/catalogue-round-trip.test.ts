import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../catalogue/build-catalogue.ts';
import type { TradeDb } from './create-database.ts';
import { canonicalCatalogueOrder, loadCatalogue } from './load-catalogue.ts';
import { migrateToLatest } from './migrations.ts';
import { seedCatalogue } from './seed-catalogue.ts';
import { rowCounts, testDatabases } from './test-databases.ts';

describe.each(testDatabases())('the shipped catalogue on $name', (engine) => {
  let db: TradeDb;

  beforeAll(async () => {
    db = await engine.create();
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await engine.destroy(db);
  });

  it('seeds in one go and reads back exactly as built', async () => {
    const catalogue = buildCatalogue();
    const result = await seedCatalogue(db, catalogue);
    expect(result.seeded).toBe(true);
    expect(result.rows.devices).toBe(catalogue.devices.length);
    expect(await loadCatalogue(db)).toEqual(canonicalCatalogueOrder(catalogue));
  });

  it('is left alone by a second seed', async () => {
    const before = await rowCounts(db);
    expect((await seedCatalogue(db, buildCatalogue())).seeded).toBe(false);
    expect(await rowCounts(db)).toEqual(before);
  });
});
