import type { ApiClient } from '@tradein/client-core';
import {
  buildSearchRequest,
  catalogueRevisionEndpoint,
  searchEndpoint,
  slugSchema,
  type Aggregation,
  type Category,
  type Device,
  type DeviceSummary,
} from '@tradein/contract';
import { getEdition, type EditionCode } from '@tradein/editions';

/**
 * The catalogue as the pages read it, through the contract's search call. The category tree is
 * kept per API client and edition for as long as the catalogue revision the API serves stays
 * the same (`GET /api/trade/catalogue/revision`, asked at most once a second): a change of
 * catalogue or prices reaches the tree within a second of the API node serving it. Single
 * devices and aggregations are asked per page.
 */
interface CatalogueCache {
  revision: Promise<number>;
  /** When the revision was asked, in `performance.now()` milliseconds. */
  askedAt: number;
  /** The revision the trees below were read at. */
  treesRevision: number;
  trees: Map<EditionCode, Promise<Category[]>>;
}

/** How long a revision answer is trusted before the API is asked again. */
const revisionMaxAgeMs = 1000;

const caches = new WeakMap<ApiClient, CatalogueCache>();

function indexes(edition: EditionCode) {
  return getEdition(edition).search;
}

function cacheOf(api: ApiClient): CatalogueCache {
  let cache = caches.get(api);
  if (cache === undefined) {
    cache = {
      revision: Promise.resolve(-1),
      askedAt: -Infinity,
      treesRevision: -1,
      trees: new Map(),
    };
    caches.set(api, cache);
  }
  return cache;
}

/**
 * The catalogue revision the API serves, asked at most once a second per API client; while the
 * API does not answer, the last known one (the cached pages stay as they were).
 */
export function catalogueRevision(api: ApiClient): Promise<number> {
  const cache = cacheOf(api);
  const now = performance.now();
  if (now - cache.askedAt >= revisionMaxAgeMs) {
    const known = cache.revision;
    cache.askedAt = now;
    cache.revision = api
      .call(catalogueRevisionEndpoint, {})
      .then((answer) => answer.revision)
      .catch(() => known);
  }
  return cache.revision;
}

/** Every category of an edition with its manufacturers and series. */
export async function categoryTree(api: ApiClient, edition: EditionCode): Promise<Category[]> {
  const cache = cacheOf(api);
  const revision = await catalogueRevision(api);
  if (revision !== cache.treesRevision) {
    cache.treesRevision = revision;
    cache.trees = new Map();
  }
  const trees = cache.trees;
  let tree = trees.get(edition);
  if (tree === undefined) {
    tree = api
      .call(searchEndpoint, {
        body: buildSearchRequest({ kind: 'categories' }, indexes(edition).devicesIndex),
      })
      .then((answer) => (answer.kind === 'categories' ? answer.hits : []));
    trees.set(edition, tree);
    tree.catch(() => trees.delete(edition));
  }
  return tree;
}

/** The category of a sell-category path, or undefined. */
export async function categoryByUrl(
  api: ApiClient,
  edition: EditionCode,
  url: string,
): Promise<Category | undefined> {
  if (!slugSchema.safeParse(url).success) return undefined;
  return (await categoryTree(api, edition)).find((category) => category.url === url);
}

/** The device of a product path, or undefined. */
export async function deviceByUrl(
  api: ApiClient,
  edition: EditionCode,
  url: string,
): Promise<Device | undefined> {
  if (!slugSchema.safeParse(url).success) return undefined;
  const answer = await api.call(searchEndpoint, {
    body: buildSearchRequest({ kind: 'deviceByUrl', url }, indexes(edition).devicesIndex),
  });
  return answer.kind === 'deviceByUrl' ? answer.hits[0] : undefined;
}

/** What a product overview path names (a manufacturer or series of a category), or undefined. */
export async function aggregationByUrl(
  api: ApiClient,
  edition: EditionCode,
  url: string,
): Promise<Aggregation | undefined> {
  if (!slugSchema.safeParse(url).success) return undefined;
  const answer = await api.call(searchEndpoint, {
    body: buildSearchRequest(
      { kind: 'aggregationByUrl', url },
      indexes(edition).manufacturerAggregationIndex,
    ),
  });
  return answer.kind === 'aggregationByUrl' ? answer.hits[0] : undefined;
}

/** The devices of a series, newest first. */
export async function devicesOfSeries(
  api: ApiClient,
  edition: EditionCode,
  seriesId: number,
): Promise<DeviceSummary[]> {
  const answer = await api.call(searchEndpoint, {
    body: buildSearchRequest({ kind: 'devicesBySeries', seriesId }, indexes(edition).devicesIndex),
  });
  return answer.kind === 'devicesBySeries' ? answer.hits : [];
}
