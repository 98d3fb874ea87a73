import type { EditionCode } from '@tradein/editions';
import type {
  Catalogue,
  CatalogueCategory,
  CatalogueDevice,
  CatalogueManufacturer,
  CatalogueSeries,
} from '../catalogue/catalogue-model.ts';
import { compareVariants } from '../catalogue/variant-order.ts';
import { hasDigit, isNumber, tokenize } from './search-text.ts';
import { VocabularyTrie } from './vocabulary-trie.ts';
import { runAtOnce } from '../catalogue-changes/run-in-slices.ts';

/** One device-search hit: a model, with its variants best match first. */
export interface DeviceHit {
  /** The model's key, shared by its variants. */
  modelKey: string;
  /** The variant that matches the query best (the first of `devices`). */
  device: CatalogueDevice;
  /** All variants of the model in the searched category: best match first, then catalogue order. */
  devices: CatalogueDevice[];
}

/** Options of a device search. */
export interface DeviceSearchOptions {
  /** Most hits (models) to return. */
  limit: number;
  /** Only models of this category. */
  categoryId?: number;
}

/** What an aggregation url names: a category, a manufacturer within it, or a series. */
export type AggregationMatch =
  | { kind: 'category'; category: CatalogueCategory }
  | { kind: 'manufacturer'; category: CatalogueCategory; manufacturer: CatalogueManufacturer }
  | {
      kind: 'series';
      category: CatalogueCategory;
      manufacturer: CatalogueManufacturer;
      series: CatalogueSeries;
    };

/** The search index of one edition of the catalogue. */
export interface SearchIndex {
  readonly edition: EditionCode;
  /** Typo-tolerant device search, one hit per model, best first. */
  searchDevices(text: string, options: DeviceSearchOptions): DeviceHit[];
  /** The devices of a series, newest release first, then by model, each model's variants by size. */
  devicesBySeries(seriesId: number): CatalogueDevice[];
  /** The device whose url (slug) in this edition is `url`. */
  deviceByUrl(url: string): CatalogueDevice | undefined;
  /** What a sell-category url names. */
  aggregationByUrl(url: string): AggregationMatch | undefined;
}

/** Cost of a query word matching an index word: lower ranks higher. */
const cost = {
  exact: 0,
  completion: 1,
  perEdit: 3,
  /** A word that matches no model among the other words' matches (only used as a fallback). */
  missing: 8,
} as const;

/** The fewest query words of which one may be missing from a hit. */
const minWordsForMissingWord = 3;

/** The units `tokenize` joins to a storage size. */
const storageUnitSuffixes = ['gb', 'tb'] as const;

/** The shortest word corrected at all, and the shortest corrected with two edits. */
const minLengthForOneEdit = 3;
const minLengthForTwoEdits = 8;
/** A last word this long may be a mistyped prefix (`ultar` for `ultra…`). */
const minLengthForFuzzyPrefix = 3;

interface ModelEntry {
  key: string;
  categoryId: number;
  /** Indexes into `devices`, catalogue order. */
  deviceIndexes: number[];
  /** Term ids of manufacturer and model words: unmatched ones count as extra words. */
  nameTerms: Int32Array;
  /** Newest release of the model as year × 12 + month. */
  release: number;
  /** Lower-case display name, the last tie-breaker. */
  name: string;
}

/** Ranking key; lower is better. */
interface RankedModel {
  model: number;
  cost: number;
  extraWords: number;
}

/** Devices, models or series handled between two pauses of a {@link buildSearchIndex}. */
const stepSize = 512;

/** Builds the search index of one edition at once. Throws when a url is used twice. */
export function createSearchIndex(catalogue: Catalogue, edition: EditionCode): SearchIndex {
  return runAtOnce(buildSearchIndex(catalogue, edition));
}

/**
 * Builds the search index of one edition in steps: the generator pauses after every
 * {@link stepSize} entries, so a node rebuilding while it serves can hand the thread back to
 * waiting requests between steps (`runInSlices`). Retired devices are found by url but by no
 * search and in no series list. Throws when a url is used twice.
 */
export function* buildSearchIndex(
  catalogue: Catalogue,
  edition: EditionCode,
): Generator<undefined, SearchIndex, undefined> {
  const devices = catalogue.devices;
  const manufacturersById = new Map(catalogue.manufacturers.map((entry) => [entry.id, entry]));
  const categoriesById = new Map(catalogue.categories.map((entry) => [entry.id, entry]));

  // --- models and their words
  const modelIndexByKey = new Map<string, number>();
  const modelWords: Set<string>[] = [];
  const modelNameWords: string[][] = [];
  const deviceVariantWords: string[][] = [];
  const models: ModelEntry[] = [];
  const vocabulary = new Set<string>();

  for (let deviceIndex = 0; deviceIndex < devices.length; deviceIndex += 1) {
    if (deviceIndex % stepSize === 0) yield;
    const device = devices[deviceIndex] as CatalogueDevice;
    if (device.retiredAt !== undefined) {
      deviceVariantWords.push([]);
      continue;
    }
    // A model split across categories is searched per category, so the filter stays exact.
    const groupKey = `${device.modelKey}\u0000${device.categoryId}`;
    let modelIndex = modelIndexByKey.get(groupKey);
    const manufacturerName =
      manufacturersById.get(device.manufacturerId)?.pages[edition].name ?? '';
    const nameWords = tokenize(`${manufacturerName} ${device.model}`);
    if (modelIndex === undefined) {
      modelIndex = models.length;
      modelIndexByKey.set(groupKey, modelIndex);
      models.push({
        key: device.modelKey,
        categoryId: device.categoryId,
        deviceIndexes: [],
        nameTerms: new Int32Array(0),
        release: 0,
        name: `${manufacturerName} ${device.model}`.toLowerCase(),
      });
      modelWords.push(new Set(nameWords));
      modelNameWords.push(nameWords);
    }
    const model = models[modelIndex] as ModelEntry;
    model.deviceIndexes.push(deviceIndex);
    model.release = Math.max(model.release, device.releaseYear * 12 + device.releaseMonth);
    const words = modelWords[modelIndex] as Set<string>;
    const variantWords = new Set(tokenize(device.variant));
    for (const word of tokenize(device.pages[edition].name)) {
      if (!words.has(word)) variantWords.add(word);
    }
    for (const term of device.searchTerms) {
      for (const word of tokenize(term)) variantWords.add(word);
    }
    deviceVariantWords.push([...variantWords]);
    for (const word of variantWords) words.add(word);
    for (const word of words) vocabulary.add(word);
  }

  yield;
  const trie = new VocabularyTrie(vocabulary);
  const termCount = trie.words.length;
  yield;

  // --- postings: term id → model indexes, ascending
  const postingLists: number[][] = Array.from({ length: termCount }, () => []);
  for (let modelIndex = 0; modelIndex < models.length; modelIndex += 1) {
    if (modelIndex % stepSize === 0) yield;
    for (const word of modelWords[modelIndex] as Set<string>) {
      postingLists[trie.idOf(word)]?.push(modelIndex);
    }
    const model = models[modelIndex] as ModelEntry;
    model.nameTerms = Int32Array.from(new Set(modelNameWords[modelIndex]), (word) =>
      trie.idOf(word),
    );
  }
  const postings = postingLists.map((list) => Int32Array.from(list));
  yield;
  const deviceVariantTerms: Int32Array[] = [];
  for (let deviceIndex = 0; deviceIndex < deviceVariantWords.length; deviceIndex += 1) {
    if (deviceIndex % stepSize === 0) yield;
    const words = deviceVariantWords[deviceIndex] as string[];
    deviceVariantTerms.push(Int32Array.from(words, (word) => trie.idOf(word)));
  }

  // --- scratch state of one query, stamped so nothing is cleared between queries
  let queryStamp = 0;
  let wordStamp = 0;
  const modelSeen = new Uint32Array(models.length);
  const modelMatchedWords = new Uint16Array(models.length);
  const modelCost = new Float64Array(models.length);
  const modelWordSeen = new Uint32Array(models.length);
  const modelWordCost = new Float64Array(models.length);
  const termSeenInQuery = new Uint32Array(termCount);
  const termQueryCost = new Float64Array(termCount);
  /** Which query words (bit per word, modulo 32) match each term in this query. */
  const termWordMask = new Uint32Array(termCount);
  const termSeenInWord = new Uint32Array(termCount);
  const termWordCost = new Float64Array(termCount);

  /** The index words a query word may stand for, each with its cost. */
  function correctWord(word: string, isLast: boolean): { terms: number[]; costs: number[] } {
    wordStamp += 1;
    const terms: number[] = [];
    const costs: number[] = [];
    const offer = (term: number, termCost: number): void => {
      if (termSeenInWord[term] !== wordStamp) {
        termSeenInWord[term] = wordStamp;
        termWordCost[term] = termCost;
        terms.push(term);
      } else if (termCost < (termWordCost[term] as number)) {
        termWordCost[term] = termCost;
      }
    };
    const exact = trie.idOf(word);
    if (exact >= 0) offer(exact, cost.exact);
    if (isNumber(word)) {
      // A bare number may be a storage size typed without its unit (`256` for `256 GB`).
      for (const unit of storageUnitSuffixes) {
        const sized = trie.idOf(word + unit);
        if (sized >= 0) offer(sized, cost.completion);
      }
    }
    const fuzzy = !hasDigit(word) && word.length >= minLengthForOneEdit;
    if (isLast) {
      const [low, high] = trie.prefixRange(word);
      for (let term = low; term < high; term += 1) offer(term, cost.completion);
    }
    if (fuzzy) {
      const maxDistance = word.length >= minLengthForTwoEdits ? 2 : 1;
      const fuzzyPrefix = isLast && word.length >= minLengthForFuzzyPrefix;
      trie.visitCorrections(
        word,
        maxDistance,
        fuzzyPrefix,
        (low, _high, distance) => {
          // A number in the index is never reached by correcting a word.
          if (distance === 0 || hasDigit(trie.words[low] ?? '')) return;
          offer(low, distance * cost.perEdit);
        },
        (low, high, distance) => {
          if (distance === 0) return;
          for (let term = low; term < high; term += 1) {
            if (!hasDigit(trie.words[term] ?? '')) {
              offer(term, distance * cost.perEdit + cost.completion);
            }
          }
        },
      );
    }
    for (let index = 0; index < terms.length; index += 1) {
      costs.push(termWordCost[terms[index] as number] as number);
    }
    return { terms, costs };
  }

  function searchDevices(text: string, options: DeviceSearchOptions): DeviceHit[] {
    const limit = Math.floor(options.limit);
    if (!(limit > 0)) return [];
    const words = [...new Set(tokenize(text))];
    if (words.length === 0) return [];
    queryStamp += 1;
    const touched: number[] = [];
    let activeWords = 0;

    for (let wordIndex = 0; wordIndex < words.length; wordIndex += 1) {
      // Only the last word may be unfinished; earlier words were ended with a space.
      const isLast = wordIndex === words.length - 1 && !/[\s+]$/.test(text);
      const correction = correctWord(words[wordIndex] as string, isLast);
      if (correction.terms.length === 0) continue;
      const wordBit = (1 << (activeWords % 32)) >>> 0;
      activeWords += 1;
      wordStamp += 1;
      for (let index = 0; index < correction.terms.length; index += 1) {
        const term = correction.terms[index] as number;
        const termCost = correction.costs[index] as number;
        if (termSeenInQuery[term] !== queryStamp) {
          termSeenInQuery[term] = queryStamp;
          termQueryCost[term] = termCost;
          termWordMask[term] = wordBit;
        } else {
          if (termCost < (termQueryCost[term] as number)) termQueryCost[term] = termCost;
          termWordMask[term] = ((termWordMask[term] as number) | wordBit) >>> 0;
        }
        const list = postings[term] as Int32Array;
        for (let position = 0; position < list.length; position += 1) {
          const model = list[position] as number;
          if (modelSeen[model] !== queryStamp) {
            modelSeen[model] = queryStamp;
            modelMatchedWords[model] = 0;
            modelCost[model] = 0;
            touched.push(model);
          }
          if (modelWordSeen[model] !== wordStamp) {
            modelWordSeen[model] = wordStamp;
            modelWordCost[model] = termCost;
            modelMatchedWords[model] = (modelMatchedWords[model] as number) + 1;
            modelCost[model] = (modelCost[model] as number) + termCost;
          } else if (termCost < (modelWordCost[model] as number)) {
            modelCost[model] =
              (modelCost[model] as number) - (modelWordCost[model] as number) + termCost;
            modelWordCost[model] = termCost;
          }
        }
      }
    }
    if (activeWords === 0) return [];

    const ranked = rankModels(touched, activeWords, activeWords, options.categoryId, limit);
    // When no model matches every word of a longer query, accept models missing one word (a
    // stray word that happens to be close to an index word). Two words are too few to drop one.
    const result =
      ranked.length > 0 || activeWords < minWordsForMissingWord
        ? ranked
        : rankModels(touched, activeWords - 1, activeWords, options.categoryId, limit);
    return result.map((entry) => toHit(entry.model));
  }

  function rankModels(
    touched: number[],
    requiredWords: number,
    activeWords: number,
    categoryId: number | undefined,
    limit: number,
  ): RankedModel[] {
    const best: RankedModel[] = [];
    for (const model of touched) {
      const matched = modelMatchedWords[model] as number;
      if (matched < requiredWords) continue;
      const entry = models[model] as ModelEntry;
      if (categoryId !== undefined && entry.categoryId !== categoryId) continue;
      let extraWords = 0;
      for (const term of entry.nameTerms) {
        if (termSeenInQuery[term] !== queryStamp) extraWords += 1;
      }
      const candidate: RankedModel = {
        model,
        cost: (modelCost[model] as number) + (activeWords - matched) * cost.missing,
        extraWords,
      };
      if (best.length === limit && !isBetter(candidate, best[best.length - 1] as RankedModel)) {
        continue;
      }
      let position = best.length;
      while (position > 0 && isBetter(candidate, best[position - 1] as RankedModel)) position -= 1;
      best.splice(position, 0, candidate);
      if (best.length > limit) best.pop();
    }
    return best;
  }

  function isBetter(left: RankedModel, right: RankedModel): boolean {
    if (left.cost !== right.cost) return left.cost < right.cost;
    if (left.extraWords !== right.extraWords) return left.extraWords < right.extraWords;
    const leftModel = models[left.model] as ModelEntry;
    const rightModel = models[right.model] as ModelEntry;
    if (leftModel.release !== rightModel.release) return leftModel.release > rightModel.release;
    return leftModel.name < rightModel.name;
  }

  function toHit(modelIndex: number): DeviceHit {
    const model = models[modelIndex] as ModelEntry;
    // Query words that match the model's name choose the model, not the variant: the `1` of
    // `m1` must not pick a `1 TB` variant.
    let nameWords = 0;
    for (const term of model.nameTerms) {
      if (termSeenInQuery[term] === queryStamp) nameWords |= termWordMask[term] as number;
    }
    const scored = model.deviceIndexes.map((deviceIndex, order) => {
      let matched = 0;
      let matchCost = 0;
      for (const term of deviceVariantTerms[deviceIndex] as Int32Array) {
        if (
          termSeenInQuery[term] === queryStamp &&
          ((termWordMask[term] as number) & ~nameWords) !== 0
        ) {
          matched += 1;
          matchCost += termQueryCost[term] as number;
        }
      }
      return { device: devices[deviceIndex] as CatalogueDevice, matched, matchCost, order };
    });
    scored.sort(
      (left, right) =>
        right.matched - left.matched ||
        left.matchCost - right.matchCost ||
        left.order - right.order,
    );
    const ordered = scored.map((entry) => entry.device);
    return { modelKey: model.key, device: ordered[0] as CatalogueDevice, devices: ordered };
  }

  // --- lookups
  const deviceByUrlMap = new Map<string, CatalogueDevice>();
  for (let deviceIndex = 0; deviceIndex < devices.length; deviceIndex += 1) {
    if (deviceIndex % stepSize === 0) yield;
    const device = devices[deviceIndex] as CatalogueDevice;
    const url = device.pages[edition].url;
    if (deviceByUrlMap.has(url)) {
      throw new Error(`Duplicate device url "${url}" in edition ${edition}`);
    }
    deviceByUrlMap.set(url, device);
  }

  const devicesBySeriesMap = new Map<number, CatalogueDevice[]>();
  for (const device of devices) {
    if (device.retiredAt !== undefined) continue;
    const list = devicesBySeriesMap.get(device.seriesId);
    if (list === undefined) devicesBySeriesMap.set(device.seriesId, [device]);
    else list.push(device);
  }
  yield;
  let sortedLists = 0;
  for (const list of devicesBySeriesMap.values()) {
    sortedLists += 1;
    if (sortedLists % stepSize === 0) yield;
    list.sort(
      (left, right) =>
        right.releaseYear - left.releaseYear ||
        right.releaseMonth - left.releaseMonth ||
        compareText(left.model, right.model) ||
        compareVariants(left, right),
    );
  }

  yield;
  const aggregations = buildAggregations(catalogue, edition, categoriesById, manufacturersById);

  return {
    edition,
    searchDevices,
    devicesBySeries: (seriesId) => [...(devicesBySeriesMap.get(seriesId) ?? [])],
    deviceByUrl: (url) => deviceByUrlMap.get(url),
    aggregationByUrl: (url) => aggregations.get(url),
  };
}

function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Aggregation urls, most specific owner first when two collide: a category's url; then
 * `<category url>-<manufacturer url>` for each manufacturer a category lists; then a bare
 * manufacturer url, which names the manufacturer in the first category (by position) listing
 * it; then a series' url.
 */
function buildAggregations(
  catalogue: Catalogue,
  edition: EditionCode,
  categoriesById: Map<number, CatalogueCategory>,
  manufacturersById: Map<number, CatalogueManufacturer>,
): Map<string, AggregationMatch> {
  const byUrl = new Map<string, AggregationMatch>();
  const add = (url: string, match: AggregationMatch): void => {
    if (!byUrl.has(url)) byUrl.set(url, match);
  };
  for (const category of catalogue.categories) {
    add(category.pages[edition].url, { kind: 'category', category });
  }
  const links = catalogue.categoryManufacturers.flatMap((link) => {
    const category = categoriesById.get(link.categoryId);
    const manufacturer = manufacturersById.get(link.manufacturerId);
    return category === undefined || manufacturer === undefined
      ? []
      : [{ category, manufacturer, position: link.position }];
  });
  for (const { category, manufacturer } of links) {
    add(`${category.pages[edition].url}-${manufacturer.pages[edition].url}`, {
      kind: 'manufacturer',
      category,
      manufacturer,
    });
  }
  const byCategoryOrder = links.toSorted(
    (left, right) =>
      left.category.position - right.category.position ||
      left.category.id - right.category.id ||
      left.position - right.position,
  );
  for (const { category, manufacturer } of byCategoryOrder) {
    add(manufacturer.pages[edition].url, { kind: 'manufacturer', category, manufacturer });
  }
  for (const series of catalogue.series) {
    const category = categoriesById.get(series.categoryId);
    const manufacturer = manufacturersById.get(series.manufacturerId);
    if (category === undefined || manufacturer === undefined) continue;
    add(series.pages[edition].url, { kind: 'series', category, manufacturer, series });
  }
  return byUrl;
}
