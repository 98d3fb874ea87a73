import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../catalogue/build-catalogue.ts';
import { canonicalCatalogueOrder, loadCatalogue } from './load-catalogue.ts';
import { seedCatalogue } from './seed-catalogue.ts';
import { rowCounts, testDatabases, useMigratedDatabase } from '../../test-kit/test-databases.ts';

describe.each(testDatabases())('the shipped catalogue on $name', (engine) => {
  const database = useMigratedDatabase(engine);

  it('seeds in one go and reads back exactly as built, with a device photo', async () => {
    const db = database();
    const built = buildCatalogue();
    // The seed has no photos; an operator's import gives devices one (docs/catalogue.md).
    const catalogue = {
      ...built,
      devices: built.devices.map((device, index) =>
        index === 3 ? { ...device, photo: 'apple-iphone-16-pro-max.jpg' } : device,
      ),
    };
    const result = await seedCatalogue(db, catalogue);
    expect(result.seeded).toBe(true);
    expect(result.rows.devices).toBe(catalogue.devices.length);
    expect(await loadCatalogue(db)).toEqual(canonicalCatalogueOrder(catalogue));
  });

  it('is left alone by a second seed', async () => {
    const db = database();
    const before = await rowCounts(db);
    expect((await seedCatalogue(db, buildCatalogue())).seeded).toBe(false);
    expect(await rowCounts(db)).toEqual(before);
  });
});
