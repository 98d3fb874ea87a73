import { editionCodes } from '@tradein/editions';
import { sql, type Insertable, type Transaction } from 'kysely';
import type { Catalogue, CataloguePage, PerEdition } from '../catalogue/catalogue-model.ts';
import { databaseDialect, type TradeDb } from './create-database.ts';
import type { PageColumns, TradeDatabase } from './schema.ts';

/** What {@link seedCatalogue} did. */
export interface SeedResult {
  /** False when the catalogue was not empty and nothing was written. */
  seeded: boolean;
  /** Rows written per table (empty when not seeded). */
  rows: Partial<Record<keyof TradeDatabase, number>>;
}

/**
 * Most bound parameters per INSERT. SQLite allows 32,766 and PostgreSQL 65,535; staying well
 * below keeps statements small enough to plan quickly on both.
 */
const maxParametersPerStatement = 4000;

/** Key of the PostgreSQL advisory lock that serializes seeding across API nodes. */
const seedLockKey = 7_402_118;

/** Inserts rows in batches that stay below the parameter limit. */
async function insertAll<T extends keyof TradeDatabase>(
  trx: Transaction<TradeDatabase>,
  table: T,
  rows: readonly Insertable<TradeDatabase[T]>[],
  counts: SeedResult['rows'],
): Promise<void> {
  counts[table] = rows.length;
  const first = rows[0];
  if (first === undefined) return;
  const batchSize = Math.max(1, Math.floor(maxParametersPerStatement / Object.keys(first).length));
  for (let start = 0; start < rows.length; start += batchSize) {
    // The table name is generic here, so Kysely cannot narrow the row type; rows are typed above.
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + batchSize) as never)
      .execute();
  }
}

/** The page rows of one catalogue entry, one per edition. */
function pageRows<K extends string>(
  ownerColumn: K,
  ownerId: number,
  pages: PerEdition<CataloguePage>,
): (Record<K, number> & PageColumns)[] {
  return editionCodes.map((edition) => {
    const page = pages[edition];
    const fields: PageColumns = {
      edition,
      name: page.name,
      url: page.url,
      content: page.content,
      meta_description: page.metaDescription,
      meta_keywords: page.metaKeywords,
    };
    // A computed key widens to `{ [x: string]: number }`; the owner column is exactly `K`.
    return { ...fields, [ownerColumn]: ownerId } as Record<K, number> & PageColumns;
  });
}

/** A boolean as stored: 0 or 1. */
function flag(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

/** The entries of a catalogue below its categories, which an import adds to as well. */
export type CatalogueEntries = Pick<
  Catalogue,
  'manufacturers' | 'categoryManufacturers' | 'series' | 'devices'
>;

/**
 * Writes manufacturers, category–manufacturer links, series and devices with their pages and
 * prices (not the history: see {@link insertFirstPriceHistory}); counts the rows per table into `rows`.
 */
export async function insertCatalogueEntries(
  trx: Transaction<TradeDatabase>,
  catalogue: CatalogueEntries,
  rows: SeedResult['rows'],
): Promise<void> {
  await insertAll(
    trx,
    'manufacturers',
    catalogue.manufacturers.map((manufacturer) => ({
      id: manufacturer.id,
      key: manufacturer.key,
      thumbnail: manufacturer.thumbnail,
    })),
    rows,
  );
  await insertAll(
    trx,
    'manufacturer_pages',
    catalogue.manufacturers.flatMap((manufacturer) =>
      pageRows('manufacturer_id', manufacturer.id, manufacturer.pages),
    ),
    rows,
  );
  await insertAll(
    trx,
    'category_manufacturers',
    catalogue.categoryManufacturers.map((link) => ({
      category_id: link.categoryId,
      manufacturer_id: link.manufacturerId,
      top: flag(link.top),
      position: link.position,
    })),
    rows,
  );
  await insertAll(
    trx,
    'series',
    catalogue.series.map((series) => ({
      id: series.id,
      key: series.key,
      category_id: series.categoryId,
      manufacturer_id: series.manufacturerId,
      thumbnail: series.thumbnail,
      top: flag(series.top),
      position: series.position,
    })),
    rows,
  );
  await insertAll(
    trx,
    'series_pages',
    catalogue.series.flatMap((series) => pageRows('series_id', series.id, series.pages)),
    rows,
  );
  await insertAll(
    trx,
    'devices',
    catalogue.devices.map((device) => ({
      id: device.id,
      category_id: device.categoryId,
      manufacturer_id: device.manufacturerId,
      series_id: device.seriesId,
      model: device.model,
      model_key: device.modelKey,
      variant: device.variant,
      name: device.name,
      search_terms: JSON.stringify(device.searchTerms),
      release_year: device.releaseYear,
      release_month: device.releaseMonth,
      image: device.image,
      thumbnail: device.thumbnail,
      photo: device.photo ?? null,
      retired_at: device.retiredAt ?? null,
    })),
    rows,
  );
  await insertAll(
    trx,
    'device_pages',
    catalogue.devices.flatMap((device) => pageRows('device_id', device.id, device.pages)),
    rows,
  );
  await insertAll(
    trx,
    'device_prices',
    catalogue.devices.flatMap((device) =>
      editionCodes.map((edition) => ({
        device_id: device.id,
        edition,
        base_price_cents: device.basePrices[edition],
        recycling_price_cents: device.recyclingPrices[edition],
      })),
    ),
    rows,
  );
}

/**
 * Writes the price history of devices that had no price before, one row per device and edition
 * (old null), in batches below the parameter limit.
 */
export async function insertFirstPriceHistory(
  trx: Transaction<TradeDatabase>,
  revisionId: number,
  devices: Catalogue['devices'],
  counts: SeedResult['rows'] = {},
): Promise<void> {
  await insertAll(trx, 'price_changes', newPriceRows(revisionId, devices), counts);
}

/** The price history rows of devices that had no price before: one per device and edition. */
function newPriceRows(
  revisionId: number,
  devices: Catalogue['devices'],
): Insertable<TradeDatabase['price_changes']>[] {
  return devices.flatMap((device) =>
    editionCodes.map((edition) => ({
      revision_id: revisionId,
      device_id: device.id,
      edition,
      old_base_price_cents: null,
      new_base_price_cents: device.basePrices[edition],
      old_recycling_price_cents: null,
      new_recycling_price_cents: device.recyclingPrices[edition],
    })),
  );
}

/**
 * Writes the catalogue into an empty database, in one transaction. Does nothing when any
 * category exists already, so it is safe to call on every start. On PostgreSQL an advisory
 * lock keeps two API nodes starting together from seeding twice.
 */
export async function seedCatalogue(db: TradeDb, catalogue: Catalogue): Promise<SeedResult> {
  return db.transaction().execute(async (trx) => {
    if (databaseDialect(trx) === 'postgres') {
      await sql`select pg_advisory_xact_lock(${seedLockKey})`.execute(trx);
    }
    const existing = await trx.selectFrom('categories').select('id').limit(1).executeTakeFirst();
    if (existing !== undefined) return { seeded: false, rows: {} };

    const rows: SeedResult['rows'] = {};

    await insertAll(
      trx,
      'categories',
      catalogue.categories.map((category) => ({
        id: category.id,
        key: category.key,
        thumbnail: category.thumbnail,
        position: category.position,
      })),
      rows,
    );
    await insertAll(
      trx,
      'category_pages',
      catalogue.categories.flatMap((category) =>
        pageRows('category_id', category.id, category.pages),
      ),
      rows,
    );
    await insertCatalogueEntries(trx, catalogue, rows);
    await insertAll(
      trx,
      'questions',
      catalogue.questions.map((question) => ({
        id: question.id,
        category_id: question.categoryId,
        code: question.code,
        position: question.position,
      })),
      rows,
    );
    await insertAll(
      trx,
      'question_texts',
      catalogue.questions.flatMap((question) =>
        editionCodes.map((edition) => ({
          question_id: question.id,
          edition,
          question: question.texts[edition].question,
          description: question.texts[edition].description,
        })),
      ),
      rows,
    );
    await insertAll(
      trx,
      'answers',
      catalogue.questions.flatMap((question) =>
        question.answers.map((answer) => ({
          question_id: question.id,
          id: answer.id,
          code: answer.code,
          price_factor: answer.priceFactor,
          means_defective: flag(answer.meansDefective),
          position: answer.position,
        })),
      ),
      rows,
    );
    await insertAll(
      trx,
      'answer_texts',
      catalogue.questions.flatMap((question) =>
        question.answers.flatMap((answer) =>
          editionCodes.map((edition) => ({
            question_id: question.id,
            answer_id: answer.id,
            edition,
            text: answer.texts[edition],
          })),
        ),
      ),
      rows,
    );
    // The seed is the first revision and its prices and factors the first price list.
    const revision = await trx
      .insertInto('catalogue_revisions')
      .values({
        created_at: new Date().toISOString(),
        note: 'initial seed',
        kind: 'seed',
        actor: 'seed',
        source: 'seed',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    rows.catalogue_revisions = 1;
    await insertFirstPriceHistory(trx, revision.id, catalogue.devices, rows);
    await insertAll(
      trx,
      'factor_changes',
      catalogue.questions.flatMap((question) =>
        question.answers.map((answer) => ({
          revision_id: revision.id,
          question_id: question.id,
          answer_id: answer.id,
          old_price_factor: null,
          new_price_factor: answer.priceFactor,
        })),
      ),
      rows,
    );
    return { seeded: true, rows };
  });
}
