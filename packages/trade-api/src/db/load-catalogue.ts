import { editionCodes, editionCodeSchema, type EditionCode } from '@tradein/editions';
import type {
  Catalogue,
  CatalogueAnswer,
  CatalogueDevice,
  CataloguePage,
  PerEdition,
} from '../catalogue/catalogue-model.ts';
import type { Selectable } from 'kysely';
import { databaseDialect, type TradeDb } from './create-database.ts';
import type { DevicePricesTable, DevicesTable, PageColumns } from './schema.ts';

/*
 * Reads the stored catalogue back into the `Catalogue` shape. Lists come back in a canonical
 * order, so a stored catalogue always reads the same: entries by id, category–manufacturer links
 * by category then manufacturer, answers by position then id within their question.
 */

/** Collects one value per edition and proves all five are there. */
class PerEditionCollector<T> {
  readonly #values = new Map<number | string, Partial<Record<EditionCode, T>>>();

  constructor(private readonly what: string) {}

  add(owner: number | string, edition: string, value: T): void {
    const code = editionCodeSchema.safeParse(edition);
    if (!code.success)
      throw new Error(`Stored ${this.what} ${owner} has unknown edition "${edition}"`);
    const values = this.#values.get(owner) ?? {};
    values[code.data] = value;
    this.#values.set(owner, values);
  }

  get(owner: number | string): PerEdition<T> {
    const values = this.#values.get(owner) ?? {};
    const missing = editionCodes.filter((edition) => values[edition] === undefined);
    if (missing.length > 0) {
      throw new Error(`Stored ${this.what} ${owner} lacks editions ${missing.join(', ')}`);
    }
    return values as PerEdition<T>;
  }
}

function toPage(row: PageColumns): CataloguePage {
  return {
    name: row.name,
    url: row.url,
    content: row.content,
    metaDescription: row.meta_description,
    metaKeywords: row.meta_keywords,
  };
}

/** Parses the stored search terms (a JSON array of strings). */
function parseSearchTerms(deviceId: number, json: string): string[] {
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value) || !value.every((term) => typeof term === 'string')) {
    throw new Error(`Stored device ${deviceId} has search terms that are not a list of strings`);
  }
  return value;
}

/** How {@link loadCatalogue} and {@link loadPriceList} read. */
export interface CatalogueReadOptions {
  /**
   * Awaited between two chunks of devices, so a node reloading while it serves lets waiting
   * requests run (SQLite reads block the thread); default: no pause.
   */
  pause?: () => Promise<void>;
  /** Devices read per chunk; default 250. */
  chunkSize?: number;
}

/** Devices per chunk: 250 devices are 1,250 page rows, a few milliseconds of reading. */
const defaultChunkSize = 250;

/**
 * Runs `read` so that on PostgreSQL every chunk sees the same state of the catalogue (one
 * repeatable-read transaction: a change committed meanwhile belongs to the next revision).
 * SQLite reads chunk by chunk outside a transaction: a node's SQLite handle is one connection,
 * and a transaction held across the pauses would make every request wait for the whole reload.
 * A caller that must not mix two revisions compares the newest revision before and after
 * (live-catalogue.ts does). Inside a transaction already, in that one.
 */
async function inSnapshot<T>(db: TradeDb, read: (db: TradeDb) => Promise<T>): Promise<T> {
  if (db.isTransaction || databaseDialect(db) === 'sqlite') return read(db);
  return db.transaction().setIsolationLevel('repeatable read').execute(read);
}

/** The ids of every device in chunks of `size`, in id order: `[first, last]` per chunk. */
async function* deviceChunks(
  db: TradeDb,
  size: number,
  pause: (() => Promise<void>) | undefined,
): AsyncGenerator<Selectable<DevicesTable>[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('devices')
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(size)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]?.id ?? after;
    if (rows.length < size) return;
    await pause?.();
  }
}

/** The prices of the devices with ids in `[first, last]`. */
function pricesBetween(db: TradeDb, first: number, last: number) {
  return db
    .selectFrom('device_prices')
    .selectAll()
    .where('device_id', '>=', first)
    .where('device_id', '<=', last)
    .execute();
}

/** Every answer with its factor, by question then position. */
function answerRows(db: TradeDb) {
  return db
    .selectFrom('answers')
    .selectAll()
    .orderBy('question_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * Reads the whole catalogue; throws when the stored rows are inconsistent. Devices, their pages
 * and prices are read in chunks of devices (within one snapshot on PostgreSQL).
 */
export async function loadCatalogue(
  db: TradeDb,
  options: CatalogueReadOptions = {},
): Promise<Catalogue> {
  return inSnapshot(db, (snapshot) => readCatalogue(snapshot, options));
}

async function readCatalogue(db: TradeDb, options: CatalogueReadOptions): Promise<Catalogue> {
  const [
    categories,
    categoryPages,
    manufacturers,
    manufacturerPages,
    links,
    series,
    seriesPages,
    questions,
    questionTexts,
    answers,
    answerTexts,
  ] = await Promise.all([
    db.selectFrom('categories').selectAll().orderBy('id').execute(),
    db.selectFrom('category_pages').selectAll().execute(),
    db.selectFrom('manufacturers').selectAll().orderBy('id').execute(),
    db.selectFrom('manufacturer_pages').selectAll().execute(),
    db
      .selectFrom('category_manufacturers')
      .selectAll()
      .orderBy('category_id')
      .orderBy('manufacturer_id')
      .execute(),
    db.selectFrom('series').selectAll().orderBy('id').execute(),
    db.selectFrom('series_pages').selectAll().execute(),
    db.selectFrom('questions').selectAll().orderBy('id').execute(),
    db.selectFrom('question_texts').selectAll().execute(),
    answerRows(db),
    db.selectFrom('answer_texts').selectAll().execute(),
  ]);

  const categoryPageSets = new PerEditionCollector<CataloguePage>('category');
  for (const row of categoryPages) categoryPageSets.add(row.category_id, row.edition, toPage(row));
  const manufacturerPageSets = new PerEditionCollector<CataloguePage>('manufacturer');
  for (const row of manufacturerPages) {
    manufacturerPageSets.add(row.manufacturer_id, row.edition, toPage(row));
  }
  const seriesPageSets = new PerEditionCollector<CataloguePage>('series');
  for (const row of seriesPages) seriesPageSets.add(row.series_id, row.edition, toPage(row));

  const devices: CatalogueDevice[] = [];
  for await (const chunk of deviceChunks(
    db,
    options.chunkSize ?? defaultChunkSize,
    options.pause,
  )) {
    const first = chunk[0]?.id ?? 0;
    const last = chunk[chunk.length - 1]?.id ?? 0;
    const [devicePages, devicePrices] = await Promise.all([
      db
        .selectFrom('device_pages')
        .selectAll()
        .where('device_id', '>=', first)
        .where('device_id', '<=', last)
        .execute(),
      pricesBetween(db, first, last),
    ]);
    const devicePageSets = new PerEditionCollector<CataloguePage>('device');
    for (const row of devicePages) devicePageSets.add(row.device_id, row.edition, toPage(row));
    const prices = collectPrices(devicePrices);
    for (const row of chunk) {
      devices.push({
        id: row.id,
        categoryId: row.category_id,
        manufacturerId: row.manufacturer_id,
        seriesId: row.series_id,
        model: row.model,
        modelKey: row.model_key,
        variant: row.variant,
        name: row.name,
        searchTerms: parseSearchTerms(row.id, row.search_terms),
        releaseYear: row.release_year,
        releaseMonth: row.release_month,
        image: row.image,
        thumbnail: row.thumbnail,
        ...(row.photo === null ? {} : { photo: row.photo }),
        ...(row.retired_at === null ? {} : { retiredAt: row.retired_at }),
        pages: devicePageSets.get(row.id),
        basePrices: prices.base.get(row.id),
        recyclingPrices: prices.recycling.get(row.id),
      });
    }
  }

  const questionTextSets = new PerEditionCollector<{ question: string; description: string }>(
    'question',
  );
  for (const row of questionTexts) {
    questionTextSets.add(row.question_id, row.edition, {
      question: row.question,
      description: row.description,
    });
  }
  const answerTextSets = new PerEditionCollector<string>('answer');
  for (const row of answerTexts) {
    answerTextSets.add(`${row.question_id}/${row.answer_id}`, row.edition, row.text);
  }
  const answersByQuestion = new Map<number, CatalogueAnswer[]>();
  for (const row of answers) {
    const list = answersByQuestion.get(row.question_id) ?? [];
    list.push({
      id: row.id,
      code: row.code,
      texts: answerTextSets.get(`${row.question_id}/${row.id}`),
      priceFactor: row.price_factor,
      meansDefective: row.means_defective === 1,
      position: row.position,
    });
    answersByQuestion.set(row.question_id, list);
  }

  return {
    categories: categories.map((row) => ({
      id: row.id,
      key: row.key,
      pages: categoryPageSets.get(row.id),
      thumbnail: row.thumbnail,
      position: row.position,
    })),
    manufacturers: manufacturers.map((row) => ({
      id: row.id,
      key: row.key,
      pages: manufacturerPageSets.get(row.id),
      thumbnail: row.thumbnail,
    })),
    categoryManufacturers: links.map((row) => ({
      categoryId: row.category_id,
      manufacturerId: row.manufacturer_id,
      top: row.top === 1,
      position: row.position,
    })),
    series: series.map((row) => ({
      id: row.id,
      key: row.key,
      categoryId: row.category_id,
      manufacturerId: row.manufacturer_id,
      pages: seriesPageSets.get(row.id),
      thumbnail: row.thumbnail,
      top: row.top === 1,
      position: row.position,
    })),
    devices,
    questions: questions.map((row) => ({
      id: row.id,
      categoryId: row.category_id,
      code: row.code,
      texts: questionTextSets.get(row.id),
      answers: answersByQuestion.get(row.id) ?? [],
      position: row.position,
    })),
  };
}

/** Base and recycling prices per device and edition. */
function collectPrices(rows: readonly Selectable<DevicePricesTable>[]) {
  const base = new PerEditionCollector<number>('device price');
  const recycling = new PerEditionCollector<number>('device recycling price');
  for (const row of rows) {
    base.add(row.device_id, row.edition, row.base_price_cents);
    recycling.add(row.device_id, row.edition, row.recycling_price_cents);
  }
  return { base, recycling };
}

/**
 * The catalogue with the prices and answer factors stored now: a new catalogue object whose
 * devices and questions are new objects, and whose other entries are `catalogue`'s own. What a
 * node reloads after a price change (the entries did not change, so its search indexes stay).
 * Devices are read in chunks, like {@link loadCatalogue}.
 */
export async function loadPriceList(
  db: TradeDb,
  catalogue: Catalogue,
  options: CatalogueReadOptions = {},
): Promise<Catalogue> {
  return inSnapshot(db, async (snapshot) => {
    const size = (options.chunkSize ?? defaultChunkSize) * editionCodes.length;
    const devices: CatalogueDevice[] = [];
    const sorted = catalogue.devices;
    for (let start = 0; start < sorted.length; start += size) {
      const chunk = sorted.slice(start, start + size);
      const ids = chunk.map((device) => device.id);
      const prices = collectPrices(
        await pricesBetween(snapshot, Math.min(...ids), Math.max(...ids)),
      );
      for (const device of chunk) {
        devices.push({
          ...device,
          basePrices: prices.base.get(device.id),
          recyclingPrices: prices.recycling.get(device.id),
        });
      }
      if (start + size < sorted.length) await options.pause?.();
    }
    const factors = new Map(
      (await answerRows(snapshot)).map((row) => [`${row.question_id}/${row.id}`, row]),
    );
    const questions = catalogue.questions.map((question) => ({
      ...question,
      answers: question.answers.map((answer) => {
        const stored = factors.get(`${question.id}/${answer.id}`);
        return stored === undefined
          ? answer
          : {
              ...answer,
              priceFactor: stored.price_factor,
              meansDefective: stored.means_defective === 1,
            };
      }),
    }));
    return { ...catalogue, devices, questions };
  });
}

/** A copy of a list sorted by id. */
function byId<T extends { id: number }>(list: readonly T[]): T[] {
  return list.toSorted((a, b) => a.id - b.id);
}

/** The catalogue with its lists in the order {@link loadCatalogue} returns them. */
export function canonicalCatalogueOrder(catalogue: Catalogue): Catalogue {
  return {
    categories: byId(catalogue.categories),
    manufacturers: byId(catalogue.manufacturers),
    categoryManufacturers: catalogue.categoryManufacturers.toSorted(
      (a, b) => a.categoryId - b.categoryId || a.manufacturerId - b.manufacturerId,
    ),
    series: byId(catalogue.series),
    devices: byId(catalogue.devices),
    questions: byId(catalogue.questions).map((question) => ({
      ...question,
      answers: question.answers.toSorted((a, b) => a.position - b.position || a.id - b.id),
    })),
  };
}
