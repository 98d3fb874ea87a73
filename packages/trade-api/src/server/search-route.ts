import {
  decodeSearchQuery,
  emptySearchResult,
  searchEndpoint,
  type SearchQuery,
  type SearchResult,
  searchResultSchema,
} from '@tradein/contract';
import { editionCodes, getEdition, type EditionCode } from '@tradein/editions';
import { validationError } from './api-context.ts';
import type { Route } from './route.ts';

/** A search index name (`application` of §7) and the edition it belongs to. */
export interface SearchApplication {
  /** As sent, e.g. `devices_de`. */
  name: string;
  edition: EditionCode;
  /** Which of the edition's indexes the name denotes. */
  index: 'devices' | 'manufacturerAggregation';
}

/** Answers a typed search in one edition; the result's kind must be the query's kind. */
export type SearchFunction = (
  query: SearchQuery,
  application: SearchApplication,
  resultSize: number,
) => SearchResult | Promise<SearchResult>;

/** Every search index name of the editions, by name. */
function searchApplications(): ReadonlyMap<string, SearchApplication> {
  const applications = new Map<string, SearchApplication>();
  for (const edition of editionCodes) {
    const { search } = getEdition(edition);
    applications.set(search.devicesIndex, { name: search.devicesIndex, edition, index: 'devices' });
    applications.set(search.manufacturerAggregationIndex, {
      name: search.manufacturerAggregationIndex,
      edition,
      index: 'manufacturerAggregation',
    });
  }
  return applications;
}

/**
 * `POST /api/trade/searches` (§7). The body is checked by the contract (a garbled query or an
 * unknown index is a 400 naming the field); a failing search is logged and answers the empty
 * result of the query's kind (§8), so the shop shows "nothing found" instead of an error.
 */
export function registerSearchRoute(route: Route, search: SearchFunction): void {
  const applications = searchApplications();
  route(searchEndpoint, async ({ body, request }) => {
    const application = applications.get(body.application);
    if (application === undefined) {
      throw validationError([
        {
          path: ['application'],
          message: `Unknown search index "${body.application}"; expected one of ${[...applications.keys()].join(', ')}`,
        },
      ]);
    }
    // The contract's check decoded it already; this cannot fail for a parsed body.
    const query = decodeSearchQuery(body.search);
    try {
      const result = await search(query, application, body.resultSize);
      const checked = searchResultSchema.safeParse(result);
      if (!checked.success)
        throw new Error(`Search answered an invalid result: ${checked.error.message}`);
      if (checked.data.kind !== query.kind) {
        throw new Error(`Search answered a ${checked.data.kind} result to a ${query.kind} query`);
      }
      if (checked.data.hits.length > body.resultSize) {
        throw new Error(
          `Search answered ${checked.data.hits.length} hits for result size ${body.resultSize}`,
        );
      }
      return checked.data;
    } catch (error) {
      request.log.error(
        { err: error, kind: query.kind, application: application.name },
        'search failed; answering an empty result',
      );
      return emptySearchResult(query.kind);
    }
  });
}
