import { editionCodes, editionCodeSchema, type EditionCode } from '@tradein/editions';
import type {
  Catalogue,
  CatalogueAnswer,
  CataloguePage,
  PerEdition,
} from '../catalogue/catalogue-model.ts';
import type { TradeDb } from './create-database.ts';
import type { PageColumns } from './schema.ts';

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

/** Reads the whole catalogue; throws when the stored rows are inconsistent. */
export async function loadCatalogue(db: TradeDb): Promise<Catalogue> {
  const [
    categories,
    categoryPages,
    manufacturers,
    manufacturerPages,
    links,
    series,
    seriesPages,
    devices,
    devicePages,
    devicePrices,
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
    db.selectFrom('devices').selectAll().orderBy('id').execute(),
    db.selectFrom('device_pages').selectAll().execute(),
    db.selectFrom('device_prices').selectAll().execute(),
    db.selectFrom('questions').selectAll().orderBy('id').execute(),
    db.selectFrom('question_texts').selectAll().execute(),
    db
      .selectFrom('answers')
      .selectAll()
      .orderBy('question_id')
      .orderBy('position')
      .orderBy('id')
      .execute(),
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
  const devicePageSets = new PerEditionCollector<CataloguePage>('device');
  for (const row of devicePages) devicePageSets.add(row.device_id, row.edition, toPage(row));
  const basePrices = new PerEditionCollector<number>('device price');
  const recyclingPrices = new PerEditionCollector<number>('device recycling price');
  for (const row of devicePrices) {
    basePrices.add(row.device_id, row.edition, row.base_price_cents);
    recyclingPrices.add(row.device_id, row.edition, row.recycling_price_cents);
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
    devices: devices.map((row) => ({
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
      basePrices: basePrices.get(row.id),
      recyclingPrices: recyclingPrices.get(row.id),
    })),
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
