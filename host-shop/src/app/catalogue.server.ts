import type { ApiClient } from '@tradein/client-core';
import {
  buildSearchRequest,
  searchEndpoint,
  slugSchema,
  type Aggregation,
  type Category,
  type Device,
  type DeviceSummary,
} from '@tradein/contract';
import { getEdition, type EditionCode } from '@tradein/editions';

/**
 * The catalogue as the pages read it, through the contract's search call. The category tree
 * changes only when the servers restart (docs/search.md), so it is asked once per edition and
 * API client; single devices and aggregations are asked per page.
 */
const trees = new WeakMap<ApiClient, Map<EditionCode, Promise<Category[]>>>();

function indexes(edition: EditionCode) {
  return getEdition(edition).search;
}

/** Every category of an edition with its manufacturers and series. */
export function categoryTree(api: ApiClient, edition: EditionCode): Promise<Category[]> {
  let byEdition = trees.get(api);
  if (byEdition === undefined) {
    byEdition = new Map();
    trees.set(api, byEdition);
  }
  let tree = byEdition.get(edition);
  if (tree === undefined) {
    tree = api
      .call(searchEndpoint, {
        body: buildSearchRequest({ kind: 'categories' }, indexes(edition).devicesIndex),
      })
      .then((answer) => (answer.kind === 'categories' ? answer.hits : []));
    byEdition.set(edition, tree);
    tree.catch(() => byEdition.delete(edition));
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
