import { catalogueImageEndpoint, endpointPath, type CatalogueImageKind } from '@tradein/contract';
import type * as model from './catalogue-model.ts';
import { StableIdAllocator } from './catalogue-id.ts';
import { basePricesFor, recyclingPricesFor } from './catalogue-pricing.ts';
import { toSlug } from './catalogue-slug.ts';
import {
  catalogueLanguages,
  categoryKeys,
  categoryPage,
  categoryWording,
  devicePage,
  manufacturerPage,
  seriesPage,
  type CatalogueLanguage,
  type CategoryKey,
  type PerLanguage,
} from './catalogue-texts.ts';
import { buildCategoryQuestions } from './condition-questions.ts';

/** One variant of a model and how it moves the price against the model's first variant. */
export interface VariantInput {
  label: string;
  priceFactor: number;
}

/** A model as the product lines describe it. */
export interface ModelInput {
  model: string;
  year: number;
  month: number;
  /** Launch price of the first variant in Germany, euros. */
  launchEuros: number;
  variants: readonly VariantInput[];
  /** Model codes and other words people search by. */
  codes: readonly string[];
}

export interface SeriesInput {
  name: string;
  models: readonly ModelInput[];
}

/** The series of one manufacturer in one category, most important first. */
export interface ProductLine {
  category: CategoryKey;
  manufacturer: string;
  series: readonly SeriesInput[];
}

export interface ManufacturerInput {
  id: number;
  key: string;
  name: string;
}

/** Root-relative path of the generated image of a catalogue entry. */
function catalogueImagePath(kind: CatalogueImageKind, id: number): string {
  return endpointPath(catalogueImageEndpoint, { kind, id: String(id) });
}

/** `text` with the manufacturer's name in front, unless it starts with it ("OnePlus 12"). */
export function withManufacturer(manufacturer: string, text: string): string {
  const lower = text.toLowerCase();
  const prefix = manufacturer.toLowerCase();
  return lower === prefix || lower.startsWith(`${prefix} `) ? text : `${manufacturer} ${text}`;
}

/** Builds the page of every language once and spreads it over the editions (at shares de). */
function pagesFor(
  page: (language: CatalogueLanguage) => model.CataloguePage,
): model.PerEdition<model.CataloguePage> {
  const byLanguage = {} as PerLanguage<model.CataloguePage>;
  for (const language of catalogueLanguages) byLanguage[language] = page(language);
  return {
    at: byLanguage.de,
    de: byLanguage.de,
    es: byLanguage.es,
    fr: byLanguage.fr,
    it: byLanguage.it,
  };
}

/** Up to `count` items joined for a page text ("A, B and C" reads fine as "A, B, C"). */
function listed(items: readonly string[], count: number): string {
  return items.slice(0, count).join(', ');
}

/** Words people type for a model besides its name: "Plus" for "+", "inch" for '"', run-together. */
function searchTermsFor(model: string, series: string, codes: readonly string[]): string[] {
  const terms = new Set<string>(codes);
  if (model.includes('+')) terms.add(model.replace(/\+/g, ' Plus').replace(/\s+/g, ' ').trim());
  if (model.includes('"')) terms.add(model.replace(/"/g, ' inch'));
  terms.add(model.replace(/[^A-Za-z0-9]+/g, '').toLowerCase());
  if (!model.toLowerCase().includes(series.toLowerCase())) terms.add(series);
  terms.delete('');
  return [...terms];
}

/** A mistake at one entry of the product lines, e.g. `[0].series[1]: series slug "…" is taken`. */
export class CatalogueEntryError extends Error {
  constructor(
    /** Where in the product lines: `[0].series[1].models[2].model`. */
    readonly path: string,
    /** What is wrong there. */
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
    this.name = 'CatalogueEntryError';
  }
}

/** A manufacturer as the assembler knows it: its id, key and display name. */
interface KnownManufacturer {
  id: number;
  key: string;
  name: string;
}

/** A series as the assembler knows it, with its display name (the page name as written). */
interface KnownSeries {
  entry: model.CatalogueSeries;
  name: string;
  /** Added by this assembler, not read from the stored catalogue. */
  added: boolean;
}

/** A model as the assembler knows it: its series and the slugs of its variants' names. */
interface KnownModel {
  seriesId: number;
  nameSlugs: Set<string>;
}

/** What an assembler added to the catalogue it started from. */
export interface CatalogueAdditions {
  manufacturers: model.CatalogueManufacturer[];
  categoryManufacturers: model.CatalogueCategoryManufacturer[];
  series: model.CatalogueSeries[];
  /** Display names of the new series, with their manufacturer (`Apple iPhone 17`). */
  seriesNames: string[];
  /** Display names of the models that are new (`Apple iPhone 17`). */
  models: string[];
  devices: model.CatalogueDevice[];
}

/** Entries of the product lines that the catalogue held already (display names, each once). */
export interface CatalogueKeptEntries {
  manufacturers: string[];
  series: string[];
  models: string[];
  devices: string[];
}

/** A display name of a series: with its manufacturer in front (`Apple iPhone 13`). */
function seriesDisplayName(manufacturer: string, series: string): string {
  return withManufacturer(manufacturer, series);
}

/**
 * Builds a catalogue from product lines, or adds product lines to a stored catalogue: ids,
 * slugs, pages in every edition, prices, images and (for a new catalogue) the condition
 * questions of every category. Series and devices get ids from their keys
 * ({@link StableIdAllocator}), never one the catalogue uses already; categories are numbered
 * 1–8 in display order.
 *
 * Entries are merged by name: a series by its slug within its category and manufacturer, a model
 * by its name within its manufacturer, a variant by the slug of its device name. What the
 * catalogue holds already is kept as it is; new series go after the series the manufacturer has
 * in the category, a new category–manufacturer link after the category's links, and the top
 * flags follow the positions as in the seed (series 1–3, manufacturers 1–4).
 */
export class CatalogueAssembler {
  readonly #categories: model.CatalogueCategory[];
  readonly #questions: model.CatalogueQuestion[];
  readonly #manufacturers: model.CatalogueManufacturer[];
  readonly #links: model.CatalogueCategoryManufacturer[];
  readonly #series: model.CatalogueSeries[];
  readonly #devices: model.CatalogueDevice[];
  readonly #categoryIds = new Map<string, number>();
  readonly #manufacturerByKey = new Map<string, KnownManufacturer>();
  /** Category, manufacturer and series slugs: they share the sell-category url space (§2). */
  readonly #takenSlugs = new Set<string>();
  readonly #deviceSlugs = new Set<string>();
  readonly #ids: StableIdAllocator;
  readonly #linkPositions = new Map<number, number>();
  readonly #linked = new Set<string>();
  readonly #seriesPositions = new Map<string, number>();
  readonly #seriesByKey = new Map<string, KnownSeries>();
  readonly #models = new Map<string, KnownModel>();
  /** Models the product lines named so far, to find one listed twice. */
  readonly #seenModels = new Set<string>();
  readonly #added: CatalogueAdditions = {
    manufacturers: [],
    categoryManufacturers: [],
    series: [],
    seriesNames: [],
    models: [],
    devices: [],
  };
  readonly #kept = {
    manufacturers: new Set<string>(),
    series: new Set<string>(),
    models: new Set<string>(),
    devices: new Set<string>(),
  };

  /** Starts from `stored` (as `loadCatalogue` reads it), or from the empty seed catalogue. */
  constructor(stored?: model.Catalogue) {
    this.#categories = stored?.categories.slice() ?? newCategories();
    this.#questions =
      stored?.questions.slice() ??
      categoryKeys.flatMap((key, index) => buildCategoryQuestions(index + 1, key));
    for (const category of this.#categories) this.#categoryIds.set(category.key, category.id);
    for (const key of categoryKeys) {
      for (const language of catalogueLanguages) {
        this.#takenSlugs.add(categoryWording[key][language].slug);
      }
    }
    this.#manufacturers = stored?.manufacturers.slice() ?? [];
    this.#links = stored?.categoryManufacturers.slice() ?? [];
    this.#series = stored?.series.slice() ?? [];
    this.#devices = stored?.devices.slice() ?? [];
    for (const entry of [...this.#categories, ...this.#manufacturers, ...this.#series]) {
      for (const page of Object.values(entry.pages)) this.#takenSlugs.add(page.url);
    }
    for (const manufacturer of this.#manufacturers) {
      this.#manufacturerByKey.set(manufacturer.key, {
        id: manufacturer.id,
        key: manufacturer.key,
        name: manufacturer.pages.de.name,
      });
    }
    for (const link of this.#links) {
      this.#linked.add(`${link.categoryId}/${link.manufacturerId}`);
      this.#linkPositions.set(
        link.categoryId,
        Math.max(link.position, this.#linkPositions.get(link.categoryId) ?? 0),
      );
    }
    for (const series of this.#series) {
      const pair = `${series.categoryId}/${series.manufacturerId}`;
      this.#seriesPositions.set(
        pair,
        Math.max(series.position, this.#seriesPositions.get(pair) ?? 0),
      );
      this.#seriesByKey.set(`${pair}/${series.key}`, {
        entry: series,
        name: series.pages.de.name,
        added: false,
      });
    }
    for (const device of this.#devices) {
      for (const page of Object.values(device.pages)) this.#deviceSlugs.add(page.url);
      const key = `${device.manufacturerId}/${device.model.toLowerCase()}`;
      const known = this.#models.get(key) ?? { seriesId: device.seriesId, nameSlugs: new Set() };
      known.nameSlugs.add(toSlug(device.name));
      this.#models.set(key, known);
    }
    this.#ids = new StableIdAllocator([
      ...this.#series.map((series) => series.id),
      ...this.#devices.map((device) => device.id),
    ]);
  }

  /**
   * The key of the catalogue's manufacturer that `text` names: by key, name or slug, ignoring
   * case; undefined for a manufacturer the catalogue does not know.
   */
  findManufacturer(text: string): string | undefined {
    const lower = text.toLowerCase();
    const slug = toSlug(text);
    for (const manufacturer of this.#manufacturerByKey.values()) {
      if (
        manufacturer.key === lower ||
        manufacturer.key === slug ||
        manufacturer.name.toLowerCase() === lower
      ) {
        return manufacturer.key;
      }
    }
    return undefined;
  }

  /** The id a manufacturer added next gets: one above the largest in the catalogue. */
  nextManufacturerId(): number {
    return Math.max(0, ...[...this.#manufacturerByKey.values()].map((entry) => entry.id)) + 1;
  }

  /**
   * Adds a manufacturer; its page names up to four of its series in `lines`. A manufacturer
   * whose key the catalogue knows is kept as it is. `path` names the entry in errors.
   */
  addManufacturer(
    input: ManufacturerInput,
    lines: readonly ProductLine[],
    path = `manufacturer ${input.key}`,
  ): void {
    const known = this.#manufacturerByKey.get(input.key);
    if (known !== undefined) {
      this.#kept.manufacturers.add(known.name);
      return;
    }
    const slug = toSlug(input.name);
    if (slug === '') throw new CatalogueEntryError(path, `"${input.name}" makes no url slug`);
    if (this.#takenSlugs.has(slug)) {
      throw new CatalogueEntryError(path, `manufacturer slug "${slug}" is taken`);
    }
    this.#takenSlugs.add(slug);
    const seriesNames = lines
      .filter((line) => line.manufacturer === input.key)
      .flatMap((line) => line.series.map((series) => series.name));
    const lineNames = listed(seriesNames, 4);
    const manufacturer: model.CatalogueManufacturer = {
      id: input.id,
      key: input.key,
      pages: pagesFor((language) => manufacturerPage(input.name, slug, lineNames, language)),
      thumbnail: catalogueImagePath('manufacturer', input.id),
    };
    this.#manufacturers.push(manufacturer);
    this.#added.manufacturers.push(manufacturer);
    this.#manufacturerByKey.set(input.key, { id: input.id, key: input.key, name: input.name });
  }

  /**
   * Adds the series, models and variants of one product line whose manufacturer is known;
   * `path` names the line in errors (`[3]`).
   */
  addLine(line: ProductLine, path: string): void {
    const manufacturer = this.#manufacturerByKey.get(line.manufacturer);
    if (manufacturer === undefined) {
      throw new CatalogueEntryError(
        `${path}.manufacturer`,
        `Product line of ${line.category} names unknown manufacturer "${line.manufacturer}"`,
      );
    }
    const categoryId = this.#categoryIds.get(line.category);
    if (categoryId === undefined) {
      throw new CatalogueEntryError(`${path}.category`, `unknown category "${line.category}"`);
    }
    if (!this.#added.manufacturers.some((entry) => entry.id === manufacturer.id)) {
      this.#kept.manufacturers.add(manufacturer.name);
    }
    const pair = `${categoryId}/${manufacturer.id}`;
    if (!this.#linked.has(pair)) {
      this.#linked.add(pair);
      const position = (this.#linkPositions.get(categoryId) ?? 0) + 1;
      this.#linkPositions.set(categoryId, position);
      const link = { categoryId, manufacturerId: manufacturer.id, top: position <= 4, position };
      this.#links.push(link);
      this.#added.categoryManufacturers.push(link);
    }
    line.series.forEach((seriesInput, seriesIndex) => {
      const seriesPath = `${path}.series[${seriesIndex}]`;
      const series = this.#seriesFor(
        line.category,
        categoryId,
        manufacturer,
        seriesInput,
        seriesPath,
      );
      seriesInput.models.forEach((modelInput, modelIndex) => {
        this.#addModel(
          line.category,
          manufacturer,
          series,
          modelInput,
          `${seriesPath}.models[${modelIndex}]`,
        );
      });
    });
  }

  /** The series of the catalogue that `input` names, or a new one after the pair's series. */
  #seriesFor(
    category: CategoryKey,
    categoryId: number,
    manufacturer: KnownManufacturer,
    input: SeriesInput,
    path: string,
  ): KnownSeries {
    const pair = `${categoryId}/${manufacturer.id}`;
    let key = toSlug(withManufacturer(manufacturer.name, input.name));
    let known = this.#seriesByKey.get(`${pair}/${key}`);
    if (known === undefined && this.#takenSlugs.has(key)) {
      // A series whose slug is taken (by its manufacturer, say) gets the category appended.
      key = `${key}-${category}`;
      known = this.#seriesByKey.get(`${pair}/${key}`);
    }
    if (known !== undefined) {
      if (!known.added) this.#kept.series.add(seriesDisplayName(manufacturer.name, known.name));
      return known;
    }
    if (this.#takenSlugs.has(key)) {
      throw new CatalogueEntryError(`${path}.name`, `series slug "${key}" is taken`);
    }
    this.#takenSlugs.add(key);
    const seriesId = this.#ids.allocate(`series:${key}`);
    const position = (this.#seriesPositions.get(pair) ?? 0) + 1;
    this.#seriesPositions.set(pair, position);
    const modelNames = listed(
      input.models.map((entry) => entry.model),
      6,
    );
    const entry: model.CatalogueSeries = {
      id: seriesId,
      key,
      categoryId,
      manufacturerId: manufacturer.id,
      pages: pagesFor((language) =>
        seriesPage(manufacturer.name, input.name, key, modelNames, language),
      ),
      thumbnail: catalogueImagePath('series', seriesId),
      top: position <= 3,
      position,
    };
    this.#series.push(entry);
    this.#added.series.push(entry);
    this.#added.seriesNames.push(seriesDisplayName(manufacturer.name, input.name));
    const series = { entry, name: input.name, added: true };
    this.#seriesByKey.set(`${pair}/${key}`, series);
    return series;
  }

  /** Adds a model's variants that the catalogue does not hold yet. */
  #addModel(
    category: CategoryKey,
    manufacturer: KnownManufacturer,
    series: KnownSeries,
    input: ModelInput,
    path: string,
  ): void {
    const modelKeyInManufacturer = `${manufacturer.id}/${input.model.toLowerCase()}`;
    if (this.#seenModels.has(modelKeyInManufacturer)) {
      throw new CatalogueEntryError(
        `${path}.model`,
        `"${input.model}" is listed twice for ${manufacturer.name}`,
      );
    }
    this.#seenModels.add(modelKeyInManufacturer);
    const modelName = withManufacturer(manufacturer.name, input.model);
    const known = this.#models.get(modelKeyInManufacturer);
    if (known !== undefined && known.seriesId !== series.entry.id) {
      const other = this.#series.find((entry) => entry.id === known.seriesId);
      throw new CatalogueEntryError(
        `${path}.model`,
        `"${input.model}" is in the series ${other?.pages.de.name ?? known.seriesId} already`,
      );
    }
    if (known === undefined) this.#added.models.push(modelName);
    else this.#kept.models.add(modelName);
    const nameSlugs = known?.nameSlugs ?? new Set<string>();
    this.#models.set(modelKeyInManufacturer, { seriesId: series.entry.id, nameSlugs });

    const modelKey = toSlug(modelName);
    const searchTerms = searchTermsFor(input.model, series.name, input.codes);
    for (const variant of input.variants) {
      const name = variant.label === '' ? modelName : `${modelName} ${variant.label}`;
      const nameSlug = toSlug(name);
      if (known !== undefined && nameSlugs.has(nameSlug)) {
        this.#kept.devices.add(name);
        continue;
      }
      let slug = nameSlug;
      for (let suffix = 2; this.#deviceSlugs.has(slug); suffix += 1) slug = `${nameSlug}-${suffix}`;
      this.#deviceSlugs.add(slug);
      nameSlugs.add(nameSlug);
      const id = this.#ids.allocate(`device:${slug}`);
      const image = catalogueImagePath('device', id);
      const basePrices = basePricesFor(
        category,
        manufacturer.key,
        input.launchEuros,
        input.year,
        input.month,
        variant.priceFactor,
      );
      const facts = {
        name,
        slug,
        model: input.model,
        manufacturer: manufacturer.name,
        series: series.name,
        category,
        year: input.year,
        month: input.month,
      };
      const device: model.CatalogueDevice = {
        id,
        categoryId: series.entry.categoryId,
        manufacturerId: manufacturer.id,
        seriesId: series.entry.id,
        model: input.model,
        modelKey,
        variant: variant.label,
        name,
        searchTerms,
        releaseYear: input.year,
        releaseMonth: input.month,
        image,
        thumbnail: image,
        pages: pagesFor((language) => devicePage(facts, language)),
        basePrices,
        recyclingPrices: recyclingPricesFor(category, basePrices),
      };
      this.#devices.push(device);
      this.#added.devices.push(device);
    }
  }

  /** The whole catalogue: the stored entries in their order, then the added ones. */
  catalogue(): model.Catalogue {
    return {
      categories: this.#categories.slice(),
      manufacturers: this.#manufacturers.slice(),
      categoryManufacturers: this.#links.slice(),
      series: this.#series.slice(),
      devices: this.#devices.slice(),
      questions: this.#questions.slice(),
    };
  }

  /** What was added to the catalogue the assembler started from. */
  additions(): CatalogueAdditions {
    return {
      manufacturers: this.#added.manufacturers.slice(),
      categoryManufacturers: this.#added.categoryManufacturers.slice(),
      series: this.#added.series.slice(),
      seriesNames: this.#added.seriesNames.slice(),
      models: this.#added.models.slice(),
      devices: this.#added.devices.slice(),
    };
  }

  /** What the product lines named that the catalogue held already. */
  kept(): CatalogueKeptEntries {
    return {
      manufacturers: [...this.#kept.manufacturers],
      series: [...this.#kept.series],
      models: [...this.#kept.models],
      devices: [...this.#kept.devices],
    };
  }
}

/** The eight categories with their pages, numbered in display order. */
function newCategories(): model.CatalogueCategory[] {
  return categoryKeys.map((key, index) => ({
    id: index + 1,
    key,
    pages: pagesFor((language) => categoryPage(key, language)),
    thumbnail: catalogueImagePath('category', index + 1),
    position: index + 1,
  }));
}

/**
 * Turns product lines into a catalogue: ids, slugs, pages in every edition, prices, images and
 * the condition questions of every category ({@link CatalogueAssembler} from nothing).
 */
export function assembleCatalogue(
  manufacturerInputs: readonly ManufacturerInput[],
  lines: readonly ProductLine[],
): model.Catalogue {
  const known = new Set(manufacturerInputs.map((input) => input.key));
  for (const line of lines) {
    if (!known.has(line.manufacturer)) {
      throw new Error(
        `Product line of ${line.category} names unknown manufacturer "${line.manufacturer}"`,
      );
    }
  }
  const assembler = new CatalogueAssembler();
  for (const input of manufacturerInputs) assembler.addManufacturer(input, lines);
  lines.forEach((line, index) => {
    assembler.addLine(line, `[${index}]`);
  });
  return assembler.catalogue();
}
