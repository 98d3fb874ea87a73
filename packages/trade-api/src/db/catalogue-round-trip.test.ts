import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../catalogue/build-catalogue.ts';
import { canonicalCatalogueOrder, loadCatalogue, loadPriceList } from './load-catalogue.ts';
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

  it('reads in chunks, letting other queries of the same handle run between them', async () => {
    const db = database();
    let pauses = 0;
    let answered = 0;
    const chunked = await loadCatalogue(db, {
      chunkSize: 100,
      pause: async () => {
        pauses += 1;
        // A node's requests use the handle meanwhile; on SQLite it is one connection.
        const other = db.selectFrom('categories').select('id').execute();
        const waited = await Promise.race([
          other.then(() => 'answered'),
          new Promise((resolve) => setTimeout(() => resolve('blocked'), 2000)),
        ]);
        if (waited === 'answered') answered += 1;
      },
    });
    expect(chunked).toEqual(await loadCatalogue(db));
    expect(pauses).toBeGreaterThan(10);
    expect(answered).toBe(pauses);
  });

  it('reloads prices and factors alone onto a loaded catalogue', async () => {
    const db = database();
    const loaded = await loadCatalogue(db);
    const [first] = loaded.devices;
    if (first === undefined) throw new Error('no device');
    await db
      .updateTable('device_prices')
      .set({ base_price_cents: 123_456 })
      .where('device_id', '=', first.id)
      .where('edition', '=', 'fr')
      .execute();
    const repriced = await loadPriceList(db, loaded, { chunkSize: 100 });
    expect(repriced.devices[0]?.basePrices.fr).toBe(123_456);
    expect(repriced.categories).toBe(loaded.categories);
    expect(repriced).toEqual(await loadCatalogue(db));
  });

  it('is left alone by a second seed', async () => {
    const db = database();
    const before = await rowCounts(db);
    expect((await seedCatalogue(db, buildCatalogue())).seeded).toBe(false);
    expect(await rowCounts(db)).toEqual(before);
  });
});
