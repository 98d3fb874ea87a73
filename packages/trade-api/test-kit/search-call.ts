import {
  buildSearchRequest,
  searchResultSchema,
  type SearchQuery,
  type SearchResult,
} from '@tradein/contract';
import { getEdition, type EditionCode } from '@tradein/editions';
import { apiRequestInit } from './api-call.ts';

/**
 * Sends a search to the API at `origin` exactly as the client core does (the edition's devices
 * index) and parses the answer with the contract; fails unless the API answers 200.
 */
export async function postSearch(
  origin: string,
  edition: EditionCode,
  query: SearchQuery,
  size?: number,
): Promise<SearchResult> {
  const application = getEdition(edition).search.devicesIndex;
  const response = await fetch(
    `${origin}/api/trade/searches`,
    apiRequestInit('POST', { body: buildSearchRequest(query, application, size) }),
  );
  if (response.status !== 200) {
    throw new Error(
      `search ${query.kind} in ${edition}: ${response.status} ${await response.text()}`,
    );
  }
  return searchResultSchema.parse(await response.json());
}
