import {
  buildSearchRequest,
  searchResultSchema,
  type Device,
  type SearchQuery,
  type SearchResult,
} from '@tradein/contract';
import { getEdition, type EditionCode } from '@tradein/editions';
import type { ApiCall } from '@tradein/trade-api/test-kit';

/** Searches of a test's trade API, asked the way the shop asks them. */
export interface CatalogueSearchKit {
  /** The API's answer to a search of the edition; throws unless it answered 200. */
  search(edition: EditionCode, query: SearchQuery): Promise<SearchResult>;
  /** The device of a product url of the edition, as the API answers it; throws when none. */
  deviceOf(edition: EditionCode, url: string): Promise<Device>;
}

/** The searches of the shop's tests over one API (`shop.api`). */
export function catalogueSearchKit(api: ApiCall): CatalogueSearchKit {
  async function search(edition: EditionCode, query: SearchQuery): Promise<SearchResult> {
    const answer = await api('POST', '/api/trade/searches', {
      body: buildSearchRequest(query, getEdition(edition).search.devicesIndex),
    });
    if (answer.status !== 200) throw new Error(`search answered ${answer.status}`);
    return searchResultSchema.parse(answer.body);
  }
  return {
    search,
    async deviceOf(edition, url) {
      const answer = await search(edition, { kind: 'deviceByUrl', url });
      const device = answer.kind === 'deviceByUrl' ? answer.hits[0] : undefined;
      if (device === undefined) throw new Error(`no device ${url} in ${edition}`);
      return device;
    },
  };
}
