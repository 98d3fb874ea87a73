import type * as contract from '@tradein/contract';
import type { EditionCode } from '@tradein/editions';
import type {
  Catalogue,
  CatalogueCategory,
  CatalogueCategoryManufacturer,
  CatalogueDevice,
  CatalogueManufacturer,
  CataloguePage,
  CatalogueQuestion,
  CatalogueSeries,
} from './catalogue-model.ts';
import { bestPriceCents } from './best-price.ts';
import { compareVariants } from './variant-order.ts';

/** Lookup maps over one catalogue, built once so views never scan the device list. */
export interface CatalogueIndex {
  readonly catalogue: Catalogue;
  readonly categoriesById: ReadonlyMap<number, CatalogueCategory>;
  readonly manufacturersById: ReadonlyMap<number, CatalogueManufacturer>;
  readonly seriesById: ReadonlyMap<number, CatalogueSeries>;
  readonly devicesById: ReadonlyMap<number, CatalogueDevice>;
  /** Per category, its listed manufacturers in display order. */
  readonly manufacturersByCategory: ReadonlyMap<number, readonly CatalogueCategoryManufacturer[]>;
  /** Per `categoryId:manufacturerId`, the series in display order. */
  readonly seriesByCategoryManufacturer: ReadonlyMap<string, readonly CatalogueSeries[]>;
  /** Per category, its condition questions in display order. */
  readonly questionsByCategory: ReadonlyMap<number, readonly CatalogueQuestion[]>;
  /** Per `categoryId:modelKey`, the model's variants on sale, smallest storage first. */
  readonly variantsByModel: ReadonlyMap<string, readonly CatalogueDevice[]>;
}

/** The key of a device's model within its category (search groups variants the same way). */
function modelKeyOf(device: CatalogueDevice): string {
  return `${device.categoryId}:${device.modelKey}`;
}

const indexes = new WeakMap<Catalogue, CatalogueIndex>();

/** Groups items by key, each group in display order. */
function groupByPosition<T extends { position: number }, K>(
  items: readonly T[],
  keyOf: (item: T) => K,
): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [item]);
    else group.push(item);
  }
  for (const [key, group] of groups) {
    groups.set(
      key,
      group.toSorted((left, right) => left.position - right.position),
    );
  }
  return groups;
}

/**
 * The lookup index of a catalogue, built on first use and kept for the catalogue object's
 * lifetime. The catalogue is treated as immutable: after changing it, build a new object.
 */
export function getCatalogueIndex(catalogue: Catalogue): CatalogueIndex {
  const cached = indexes.get(catalogue);
  if (cached !== undefined) return cached;
  const manufacturersByCategory = groupByPosition(
    catalogue.categoryManufacturers,
    (entry) => entry.categoryId,
  );
  const seriesByCategoryManufacturer = groupByPosition(
    catalogue.series,
    (series) => `${series.categoryId}:${series.manufacturerId}`,
  );
  const questionsByCategory = groupByPosition(
    catalogue.questions,
    (question) => question.categoryId,
  );
  const variantsByModel = new Map<string, CatalogueDevice[]>();
  for (const device of catalogue.devices) {
    // A retired variant is offered nowhere, so no other variant lists it.
    if (device.retiredAt !== undefined) continue;
    const key = modelKeyOf(device);
    const variants = variantsByModel.get(key);
    if (variants === undefined) variantsByModel.set(key, [device]);
    else variants.push(device);
  }
  for (const variants of variantsByModel.values()) variants.sort(compareVariants);
  const index: CatalogueIndex = {
    catalogue,
    categoriesById: new Map(catalogue.categories.map((entry) => [entry.id, entry])),
    manufacturersById: new Map(catalogue.manufacturers.map((entry) => [entry.id, entry])),
    seriesById: new Map(catalogue.series.map((entry) => [entry.id, entry])),
    devicesById: new Map(catalogue.devices.map((entry) => [entry.id, entry])),
    manufacturersByCategory,
    seriesByCategoryManufacturer,
    questionsByCategory,
    variantsByModel,
  };
  indexes.set(catalogue, index);
  return index;
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Catalogue has no ${what}`);
  return value;
}

/** The page fields every catalogue entry shows in one edition (name, url, content, meta). */
function pageFields(page: CataloguePage) {
  return {
    name: page.name,
    url: page.url,
    content: page.content,
    metaDescription: page.metaDescription,
    metaKeywords: page.metaKeywords,
  };
}

/** A series as the contract shows it in one edition. */
export function toSeries(series: CatalogueSeries, edition: EditionCode): contract.Series {
  const page = series.pages[edition];
  return {
    id: series.id,
    ...pageFields(page),
    thumbnail: series.thumbnail,
  };
}

/**
 * A manufacturer within one category, with that category's series of it, in one edition;
 * undefined when the manufacturer or category is unknown.
 */
export function toManufacturer(
  catalogue: Catalogue,
  edition: EditionCode,
  categoryId: number,
  manufacturerId: number,
): contract.Manufacturer | undefined {
  const index = getCatalogueIndex(catalogue);
  const manufacturer = index.manufacturersById.get(manufacturerId);
  if (manufacturer === undefined || !index.categoriesById.has(categoryId)) return undefined;
  const series = index.seriesByCategoryManufacturer.get(`${categoryId}:${manufacturerId}`) ?? [];
  const page = manufacturer.pages[edition];
  return {
    id: manufacturer.id,
    ...pageFields(page),
    thumbnail: manufacturer.thumbnail,
    series: series.map((entry) => toSeries(entry, edition)),
    topSeries: series.filter((entry) => entry.top).map((entry) => entry.id),
  };
}

/** A category with its manufacturers and their series in one edition; undefined when unknown. */
export function toCategory(
  catalogue: Catalogue,
  edition: EditionCode,
  categoryId: number,
): contract.Category | undefined {
  const index = getCatalogueIndex(catalogue);
  const category = index.categoriesById.get(categoryId);
  if (category === undefined) return undefined;
  const listed = index.manufacturersByCategory.get(categoryId) ?? [];
  const manufacturers: contract.Manufacturer[] = [];
  for (const entry of listed) {
    const manufacturer = toManufacturer(catalogue, edition, categoryId, entry.manufacturerId);
    if (manufacturer !== undefined) manufacturers.push(manufacturer);
  }
  const page = category.pages[edition];
  return {
    id: category.id,
    ...pageFields(page),
    thumbnail: category.thumbnail,
    manufacturers,
    topManufacturers: listed.filter((entry) => entry.top).map((entry) => entry.manufacturerId),
  };
}

const bestPrices = new WeakMap<CatalogueDevice, Map<EditionCode, number>>();

/**
 * The best price of a device in one edition (see `bestPriceCents`), from the prices and answer
 * factors of the catalogue the node loaded from the tables offers are priced from. Kept per
 * device object: the catalogue is immutable, a changed one is a new object.
 */
function bestPriceOf(index: CatalogueIndex, device: CatalogueDevice, edition: EditionCode): number {
  let byEdition = bestPrices.get(device);
  if (byEdition === undefined) {
    byEdition = new Map();
    bestPrices.set(device, byEdition);
  }
  let cents = byEdition.get(edition);
  if (cents === undefined) {
    cents = bestPriceCents(
      {
        basePriceCents: device.basePrices[edition],
        recyclingPriceCents: device.recyclingPrices[edition],
      },
      index.questionsByCategory.get(device.categoryId) ?? [],
    );
    byEdition.set(edition, cents);
  }
  return cents;
}

/** The variants of a device's model on sale, and the device itself when it is retired. */
function variantsOf(index: CatalogueIndex, device: CatalogueDevice): readonly CatalogueDevice[] {
  const onSale = index.variantsByModel.get(modelKeyOf(device)) ?? [];
  if (device.retiredAt === undefined) return onSale.length > 0 ? onSale : [device];
  return [...onSale, device].toSorted(compareVariants);
}

/** A device as lists and search results show it in one edition. */
export function toDeviceSummary(
  catalogue: Catalogue,
  edition: EditionCode,
  device: CatalogueDevice,
): contract.DeviceSummary {
  const index = getCatalogueIndex(catalogue);
  const category = required(
    index.categoriesById.get(device.categoryId),
    `category ${device.categoryId}`,
  );
  const manufacturer = required(
    index.manufacturersById.get(device.manufacturerId),
    `manufacturer ${device.manufacturerId}`,
  );
  const series = required(index.seriesById.get(device.seriesId), `series ${device.seriesId}`);
  const page = device.pages[edition];
  return {
    id: device.id,
    name: page.name,
    model: device.model,
    variant: device.variant,
    variants: variantsOf(index, device).map((variant) => ({
      id: variant.id,
      url: variant.pages[edition].url,
      variant: variant.variant,
      bestPriceCents: bestPriceOf(index, variant, edition),
    })),
    url: page.url,
    bestPriceCents: bestPriceOf(index, device, edition),
    category: category.pages[edition].name,
    categoryId: category.id,
    manufacturer: manufacturer.pages[edition].name,
    manufacturerId: manufacturer.id,
    series: series.pages[edition].name,
    seriesId: series.id,
    image: device.image,
    thumbnail: device.thumbnail,
  };
}

/** A condition question with its answers in one edition. */
function toQuestion(question: CatalogueQuestion, edition: EditionCode): contract.Question {
  const texts = question.texts[edition];
  return {
    id: question.id,
    code: question.code,
    description: texts.description,
    question: texts.question,
    answers: question.answers
      .toSorted((left, right) => left.position - right.position)
      .map((answer) => ({ id: answer.id, code: answer.code, text: answer.texts[edition] })),
  };
}

/** A device with its category's condition questions in one edition. */
export function toDevice(
  catalogue: Catalogue,
  edition: EditionCode,
  device: CatalogueDevice,
): contract.Device {
  const questions = getCatalogueIndex(catalogue).questionsByCategory.get(device.categoryId) ?? [];
  return {
    ...toDeviceSummary(catalogue, edition, device),
    questions: questions.map((question) => toQuestion(question, edition)),
    ...(device.retiredAt === undefined ? {} : { retired: true }),
  };
}
