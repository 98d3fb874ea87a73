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

/**
 * Turns product lines into a catalogue: ids, slugs, pages in every edition, prices, images and
 * the condition questions of every category. Series and devices get ids from their keys
 * ({@link StableIdAllocator}); categories are numbered 1–8 in display order.
 */
export function assembleCatalogue(
  manufacturerInputs: readonly ManufacturerInput[],
  lines: readonly ProductLine[],
): model.Catalogue {
  const categoryIds = new Map<CategoryKey, number>(
    categoryKeys.map((key, index) => [key, index + 1]),
  );
  const categories: model.CatalogueCategory[] = categoryKeys.map((key, index) => ({
    id: index + 1,
    key,
    pages: pagesFor((language) => categoryPage(key, language)),
    thumbnail: catalogueImagePath('category', index + 1),
    position: index + 1,
  }));

  const manufacturerByKey = new Map(manufacturerInputs.map((input) => [input.key, input]));
  const seriesNamesByManufacturer = new Map<string, string[]>();
  for (const line of lines) {
    if (!manufacturerByKey.has(line.manufacturer)) {
      throw new Error(
        `Product line of ${line.category} names unknown manufacturer "${line.manufacturer}"`,
      );
    }
    const names = seriesNamesByManufacturer.get(line.manufacturer) ?? [];
    for (const series of line.series) names.push(series.name);
    seriesNamesByManufacturer.set(line.manufacturer, names);
  }

  // Category, manufacturer and series slugs share the sell-category url space (§2), so no slug
  // of one kind may equal a slug of another kind in any language.
  const takenSlugs = new Set<string>();
  for (const key of categoryKeys) {
    for (const language of catalogueLanguages) takenSlugs.add(categoryWording[key][language].slug);
  }

  const manufacturers: model.CatalogueManufacturer[] = manufacturerInputs.map((input) => {
    const slug = toSlug(input.name);
    if (takenSlugs.has(slug)) throw new Error(`Manufacturer slug "${slug}" is taken`);
    takenSlugs.add(slug);
    const lineNames = listed(seriesNamesByManufacturer.get(input.key) ?? [], 4);
    return {
      id: input.id,
      key: input.key,
      pages: pagesFor((language) => manufacturerPage(input.name, slug, lineNames, language)),
      thumbnail: catalogueImagePath('manufacturer', input.id),
    };
  });

  const ids = new StableIdAllocator();
  const categoryManufacturers: model.CatalogueCategoryManufacturer[] = [];
  const listedPairs = new Set<string>();
  const manufacturerCountByCategory = new Map<CategoryKey, number>();
  const seriesCountByPair = new Map<string, number>();
  const series: model.CatalogueSeries[] = [];
  const devices: model.CatalogueDevice[] = [];
  const deviceSlugs = new Set<string>();

  for (const line of lines) {
    const manufacturer = manufacturerByKey.get(line.manufacturer);
    const categoryId = categoryIds.get(line.category);
    if (manufacturer === undefined || categoryId === undefined) continue;
    const pair = `${line.category}/${line.manufacturer}`;
    if (!listedPairs.has(pair)) {
      listedPairs.add(pair);
      const position = (manufacturerCountByCategory.get(line.category) ?? 0) + 1;
      manufacturerCountByCategory.set(line.category, position);
      categoryManufacturers.push({
        categoryId,
        manufacturerId: manufacturer.id,
        top: position <= 4,
        position,
      });
    }

    for (const seriesInput of line.series) {
      let key = toSlug(withManufacturer(manufacturer.name, seriesInput.name));
      if (takenSlugs.has(key)) key = `${key}-${line.category}`;
      if (takenSlugs.has(key)) throw new Error(`Series slug "${key}" is taken`);
      takenSlugs.add(key);
      const seriesId = ids.allocate(`series:${key}`);
      const position = (seriesCountByPair.get(pair) ?? 0) + 1;
      seriesCountByPair.set(pair, position);
      const modelNames = listed(
        seriesInput.models.map((model) => model.model),
        6,
      );
      series.push({
        id: seriesId,
        key,
        categoryId,
        manufacturerId: manufacturer.id,
        pages: pagesFor((language) =>
          seriesPage(manufacturer.name, seriesInput.name, key, modelNames, language),
        ),
        thumbnail: catalogueImagePath('series', seriesId),
        top: position <= 3,
        position,
      });

      for (const model of seriesInput.models) {
        const modelName = withManufacturer(manufacturer.name, model.model);
        const modelKey = toSlug(modelName);
        const searchTerms = searchTermsFor(model.model, seriesInput.name, model.codes);
        for (const variant of model.variants) {
          const name = variant.label === '' ? modelName : `${modelName} ${variant.label}`;
          let slug = toSlug(name);
          for (let suffix = 2; deviceSlugs.has(slug); suffix += 1)
            slug = `${toSlug(name)}-${suffix}`;
          deviceSlugs.add(slug);
          const id = ids.allocate(`device:${slug}`);
          const image = catalogueImagePath('device', id);
          const basePrices = basePricesFor(
            line.category,
            manufacturer.key,
            model.launchEuros,
            model.year,
            model.month,
            variant.priceFactor,
          );
          const facts = {
            name,
            slug,
            model: model.model,
            manufacturer: manufacturer.name,
            series: seriesInput.name,
            category: line.category,
            year: model.year,
            month: model.month,
          };
          devices.push({
            id,
            categoryId,
            manufacturerId: manufacturer.id,
            seriesId,
            model: model.model,
            modelKey,
            variant: variant.label,
            name,
            searchTerms,
            releaseYear: model.year,
            releaseMonth: model.month,
            image,
            thumbnail: image,
            pages: pagesFor((language) => devicePage(facts, language)),
            basePrices,
            recyclingPrices: recyclingPricesFor(line.category, basePrices),
          });
        }
      }
    }
  }

  const questions = categoryKeys.flatMap((key, index) => buildCategoryQuestions(index + 1, key));
  return { categories, manufacturers, categoryManufacturers, series, devices, questions };
}
