import { editionCodes } from '@tradein/editions';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDialect, type TradeDb } from './create-database.ts';
import { canonicalCatalogueOrder, loadCatalogue } from './load-catalogue.ts';
import { migrateToLatest, migrations } from './migrations.ts';
import { defaultVouchers } from './migrations/trades.ts';
import { tableNames } from './schema.ts';
import { seedCatalogue } from './seed-catalogue.ts';
import { testCatalogue } from '../../test-kit/stored-catalogue.ts';
import { rowCounts, testDatabases, useMigratedDatabase } from '../../test-kit/test-databases.ts';

const now = '2026-01-01T00:00:00.000Z';

function customer(id: string, email: string, isGuest: 0 | 1) {
  return {
    id,
    customer_number: `K-${id}`,
    email,
    salutation: null,
    first_name: 'Erika',
    last_name: 'Muster',
    company: null,
    locale: 'de',
    edition: 'de',
    password_hash: null,
    activated_at: null,
    is_guest: isGuest,
    created_at: now,
    updated_at: now,
  };
}

describe.each(testDatabases())('storage on $name', (engine) => {
  let db: TradeDb;

  beforeAll(async () => {
    db = await engine.create();
  });
  afterAll(async () => {
    await engine.destroy(db);
  });

  it('speaks the expected dialect', () => {
    expect(databaseDialect(db)).toBe(engine.name);
  });

  it('migrates an empty database to the newest schema with every table', async () => {
    const result = await migrateToLatest(db);
    expect(result.results?.map((entry) => [entry.migrationName, entry.status])).toEqual(
      Object.keys(migrations).map((name) => [name, 'Success']),
    );
    const tables = await db.introspection.getTables();
    const names = tables.map((table) => table.name);
    for (const table of tableNames) expect(names).toContain(table);
    // Empty, but for the vouchers every fresh database starts with.
    expect(await rowCounts(db)).toEqual({
      ...Object.fromEntries(tableNames.map((table) => [table, 0])),
      vouchers: defaultVouchers.length,
    });
  });

  it('runs no migration twice', async () => {
    const result = await migrateToLatest(db);
    expect(result.results).toEqual([]);
  });

  it('seeds an empty catalogue and reads it back exactly', async () => {
    const catalogue = testCatalogue();
    const result = await seedCatalogue(db, catalogue);
    expect(result.seeded).toBe(true);
    expect(result.rows.devices).toBe(catalogue.devices.length);
    expect(result.rows.device_pages).toBe(catalogue.devices.length * editionCodes.length);
    expect(await loadCatalogue(db)).toEqual(canonicalCatalogueOrder(catalogue));
  });

  it('keeps fractional price factors and empty texts exact', async () => {
    const loaded = await loadCatalogue(db);
    const grade = loaded.questions.find((question) => question.code === 'GRADE');
    expect(grade?.answers.map((answer) => answer.priceFactor)).toEqual([1, 0.85, 0.615]);
    expect(loaded.categories[0]?.pages.it.metaKeywords).toBe('');
  });

  it('does not seed a catalogue that is already there', async () => {
    const before = await rowCounts(db);
    const other = testCatalogue(2);
    const result = await seedCatalogue(db, other);
    expect(result).toEqual({ seeded: false, rows: {} });
    expect(await rowCounts(db)).toEqual(before);
  });

  it('enforces foreign keys', async () => {
    await expect(
      db
        .insertInto('device_prices')
        .values({
          device_id: 999_999,
          edition: 'de',
          base_price_cents: 1,
          recycling_price_cents: 0,
        })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
  });

  it('keeps one registered account per e-mail but allows repeated guests', async () => {
    await db
      .insertInto('customers')
      .values(customer('c-1', 'erika@example.com', 0))
      .execute();
    await db
      .insertInto('customers')
      .values(customer('c-2', 'erika@example.com', 1))
      .execute();
    await db
      .insertInto('customers')
      .values(customer('c-3', 'erika@example.com', 1))
      .execute();
    await expect(
      db
        .insertInto('customers')
        .values(customer('c-4', 'erika@example.com', 0))
        .execute(),
    ).rejects.toThrow(/unique/i);
  });

  it('numbers generated ids from 1 upwards', async () => {
    const first = await db
      .insertInto('addresses')
      .values({
        customer_id: 'c-1',
        salutation: 'ms',
        first_name: 'Erika',
        last_name: 'Muster',
        company: null,
        street: 'Hauptstraße',
        house_number: '1a',
        address_addition: null,
        zip: '10115',
        city: 'Berlin',
        country: 'de',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(first.id).toBe(1);
    expect(typeof first.id).toBe('number');
  });

  it('compares ISO timestamps as text in time order', async () => {
    const rows = await sql<{
      earlier: number | boolean;
    }>`select ('2026-01-01T09:00:00.000Z' < '2026-01-01T10:00:00.000Z') as earlier`.execute(db);
    expect(Boolean(rows.rows[0]?.earlier)).toBe(true);
  });
});

describe.each(testDatabases())('seeding a large catalogue on $name', (engine) => {
  const database = useMigratedDatabase(engine);

  it('stores 1,600 devices in all editions in one go and reads them back', async () => {
    const db = database();
    const catalogue = testCatalogue(1600);
    const result = await seedCatalogue(db, catalogue);
    expect(result.rows.device_prices).toBe(1600 * editionCodes.length);
    const loaded = await loadCatalogue(db);
    expect(loaded.devices).toHaveLength(1600);
    expect(loaded).toEqual(canonicalCatalogueOrder(catalogue));
  });

  it('rolls back a seed that fails half way, leaving the catalogue empty', async () => {
    const other = await engine.create();
    try {
      await migrateToLatest(other);
      const broken = testCatalogue(4);
      // A device in a series that does not exist fails after categories were written.
      broken.devices = broken.devices.map((device, index) =>
        index === 0 ? { ...device, seriesId: 424_242 } : device,
      );
      await expect(seedCatalogue(other, broken)).rejects.toThrow(/foreign key/i);
      const counts = await rowCounts(other);
      expect(counts['categories']).toBe(0);
      expect(counts['catalogue_revisions']).toBe(0);
    } finally {
      await engine.destroy(other);
    }
  });
});
