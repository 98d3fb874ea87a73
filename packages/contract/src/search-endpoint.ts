import { defineEndpoint } from './endpoint.ts';
import { searchRequestSchema, searchResultSchema } from './search.ts';

/** Catalogue search with a typed, encoded query (see `encodeSearchQuery`). */
export const searchEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/trade/searches',
  auth: 'none',
  body: searchRequestSchema,
  response: searchResultSchema,
});
