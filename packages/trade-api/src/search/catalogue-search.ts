import type { Aggregation, SearchQuery, SearchResult } from '@tradein/contract';
import { editionCodes, type EditionCode } from '@tradein/editions';
import {
  getCatalogueIndex,
  toCategory,
  toDevice,
  toDeviceSummary,
  toManufacturer,
  toSeries,
} from '../catalogue/catalogue-view.ts';
import type { Catalogue, CatalogueDevice } from '../catalogue/catalogue-model.ts';
import type { SearchApplication, SearchFunction } from '../server/search-route.ts';
import { runAtOnce } from '../catalogue-changes/run-in-slices.ts';
import { buildSearchIndex, type AggregationMatch, type SearchIndex } from './search-index.ts';

/** The series a devicesBySeries query names, by id or by its url in the edition. */
function seriesIdOf(index: SearchIndex, query: Extract<SearchQuery, { kind: 'devicesBySeries' }>) {
  if (query.seriesId !== undefined) return query.seriesId;
  const match = query.seriesUrl === undefined ? undefined : index.aggregationByUrl(query.seriesUrl);
  return match?.kind === 'series' ? match.series.id : undefined;
}

/** The search index of every edition. */
export type SearchIndexes = ReadonlyMap<EditionCode, SearchIndex>;

/** Builds the search index of every edition at once. */
export function createSearchIndexes(catalogue: Catalogue): SearchIndexes {
  return runAtOnce(buildSearchIndexes(catalogue));
}

/**
 * Builds the search index of every edition in steps (`buildSearchIndex`), one generator for all
 * five, for `runInSlices` while the node serves.
 */
export function* buildSearchIndexes(
  catalogue: Catalogue,
): Generator<undefined, SearchIndexes, undefined> {
  const indexes = new Map<EditionCode, SearchIndex>();
  for (const edition of editionCodes) {
    // Austria and Germany share the German pages: the same names and urls make the same index.
    let twin: SearchIndex | undefined;
    for (const [built, index] of indexes) {
      if (yield* sameSearchTexts(catalogue, built, edition)) twin = index;
      if (twin !== undefined) break;
    }
    indexes.set(
      edition,
      twin === undefined ? yield* buildSearchIndex(catalogue, edition) : { ...twin, edition },
    );
  }
  return indexes;
}

/** Whether two editions name and address every entry alike, as their search indexes read it. */
function* sameSearchTexts(
  catalogue: Catalogue,
  left: EditionCode,
  right: EditionCode,
): Generator<undefined, boolean, undefined> {
  const alike = (pages: Catalogue['devices'][number]['pages']) =>
    pages[left].name === pages[right].name && pages[left].url === pages[right].url;
  for (const entries of [catalogue.categories, catalogue.manufacturers, catalogue.series]) {
    if (!entries.every((entry) => alike(entry.pages))) return false;
  }
  for (let position = 0; position < catalogue.devices.length; position += 1) {
    if (position % 4096 === 0) yield;
    const device = catalogue.devices[position];
    if (device !== undefined && !alike(device.pages)) return false;
  }
  return true;
}

/**
 * Answers every kind of `POST /api/trade/searches` (spec §7) from the catalogue: one search index
 * per edition and the catalogue views that shape the contract's answers. The indexes may come
 * from an earlier catalogue with the same entries and other prices (a price change reloads the
 * prices only): the devices they find are taken from `catalogue` by id, so every answer shows
 * the catalogue's prices.
 */
export function createCatalogueSearch(
  catalogue: Catalogue,
  indexes: SearchIndexes = createSearchIndexes(catalogue),
): SearchFunction {
  const lookup = getCatalogueIndex(catalogue);
  const current = (device: CatalogueDevice): CatalogueDevice =>
    lookup.devicesById.get(device.id) ?? device;
  const categoriesInOrder = catalogue.categories.toSorted((a, b) => a.position - b.position);

  function toAggregation(edition: EditionCode, url: string, match: AggregationMatch): Aggregation {
    const { category } = match;
    const reference = {
      id: category.id,
      name: category.pages[edition].name,
      url: category.pages[edition].url,
    };
    if (match.kind === 'category') {
      const manufacturers = toCategory(catalogue, edition, category.id)?.manufacturers ?? [];
      return { url, category: reference, manufacturers, series: [] };
    }
    const manufacturer = toManufacturer(catalogue, edition, category.id, match.manufacturer.id);
    const manufacturers = manufacturer ? [manufacturer] : [];
    if (match.kind === 'manufacturer') {
      return { url, category: reference, manufacturers, series: manufacturer?.series ?? [] };
    }
    return { url, category: reference, manufacturers, series: [toSeries(match.series, edition)] };
  }

  return (query: SearchQuery, application: SearchApplication, resultSize: number): SearchResult => {
    const { edition } = application;
    const index = indexes.get(edition);
    if (!index) throw new Error(`no search index for edition ${edition}`);

    switch (query.kind) {
      case 'categories': {
        const hits = categoriesInOrder
          .slice(0, resultSize)
          .flatMap((category) => toCategory(catalogue, edition, category.id) ?? []);
        return { kind: 'categories', total: categoriesInOrder.length, hits };
      }
      case 'deviceByUrl': {
        const device = index.deviceByUrl(query.url);
        const hits = device ? [toDevice(catalogue, edition, current(device))] : [];
        return { kind: 'deviceByUrl', total: hits.length, hits };
      }
      case 'devicesBySeries': {
        const seriesId = seriesIdOf(index, query);
        const devices =
          seriesId === undefined || !lookup.seriesById.has(seriesId)
            ? []
            : index.devicesBySeries(seriesId);
        const hits = devices
          .slice(0, resultSize)
          .map((device) => toDeviceSummary(catalogue, edition, current(device)));
        return { kind: 'devicesBySeries', total: devices.length, hits };
      }
      case 'aggregationByUrl': {
        const match = index.aggregationByUrl(query.url);
        const hits = match ? [toAggregation(edition, query.url, match)] : [];
        return { kind: 'aggregationByUrl', total: hits.length, hits };
      }
      case 'deviceSearch': {
        const options =
          query.categoryId === undefined
            ? { limit: resultSize }
            : { limit: resultSize, categoryId: query.categoryId };
        const hits = index
          .searchDevices(query.text, options)
          .map((hit) => toDeviceSummary(catalogue, edition, current(hit.device)));
        return { kind: 'deviceSearch', total: hits.length, hits };
      }
    }
  };
}
