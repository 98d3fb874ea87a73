import * as z from 'zod/mini';
import {
  aggregationSchema,
  categorySchema,
  deviceSchema,
  deviceSummarySchema,
} from './catalogue.ts';
import { idSchema, slugSchema, textLineChecks } from './primitives.ts';
import { pure } from './pure.ts';

/** Longest device-search text, in Unicode code points. */
const maxSearchTextLength = 100;

/** Free text of a device search: 1–100 code points, not blank, one line of well-formed Unicode. */
const searchTextSchema = /* @__PURE__ */ pure(() =>
  z.string().check(
    ...textLineChecks('Search text'),
    z.refine((text) => text.trim().length > 0, 'Search text must not be empty'),
    z.refine(
      (text) => [...text].length <= maxSearchTextLength,
      `Search text must be at most ${maxSearchTextLength} characters`,
    ),
  ),
);

/**
 * A typed search: what the client wants, never engine syntax. The server turns each kind into
 * its own index query, so the client cannot ask the engine for anything else.
 * `devicesBySeries` names the series by id or by url (exactly one); its devices come back
 * newest first (release year and month descending), which is the server's job.
 */
export const searchQuerySchema = /* @__PURE__ */ pure(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('categories') }),
    z.object({ kind: z.literal('deviceByUrl'), url: slugSchema }),
    z
      .object({
        kind: z.literal('devicesBySeries'),
        seriesId: z.optional(idSchema),
        seriesUrl: z.optional(slugSchema),
      })
      .check(
        z.refine((query) => (query.seriesId === undefined) !== (query.seriesUrl === undefined), {
          error: 'devicesBySeries needs exactly one of seriesId or seriesUrl',
          path: ['seriesId'],
        }),
      ),
    z.object({ kind: z.literal('aggregationByUrl'), url: slugSchema }),
    z.object({
      kind: z.literal('deviceSearch'),
      text: searchTextSchema,
      categoryId: z.optional(idSchema),
    }),
  ]),
);
export type SearchQuery = z.infer<typeof searchQuerySchema>;
/** The kinds of search the trade API answers. */
export type SearchKind = SearchQuery['kind'];

/** Kinds that look up one entry and so always ask for exactly one hit (§7). */
const singleLookupKinds: readonly SearchKind[] = ['deviceByUrl', 'aggregationByUrl'];

/** Result size used when the caller names none. */
const defaultResultSizes: Readonly<Record<SearchKind, number>> = {
  categories: 100,
  deviceByUrl: 1,
  devicesBySeries: 100,
  aggregationByUrl: 1,
  deviceSearch: 10,
};

/** Version tag in front of every encoded query, so the format can change without ambiguity. */
const encodingPrefix = 'sq1.';

/** Whether a search of this kind looks up a single entry (and so uses result size 1). */
export function isSingleLookup(kind: SearchKind): boolean {
  return singleLookupKinds.includes(kind);
}

/** Encodes bytes as unpadded base64url. */
function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Decodes unpadded base64url; throws on anything else. */
function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) {
    throw new Error('Invalid search query: the payload is not base64url');
  }
  const padded =
    text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/**
 * Encodes a search query for the `search` field of the search request: `sq1.` followed by the
 * base64url form of the query's UTF-8 JSON. Validates the query first; throws when it is invalid.
 */
export function encodeSearchQuery(query: SearchQuery): string {
  const parsed = searchQuerySchema.safeParse(query);
  if (!parsed.success) {
    throw new Error(`Invalid search query: ${z.prettifyError(parsed.error)}`);
  }
  // The parsed copy has the schema's key order, so equal queries encode to equal strings.
  return encodingPrefix + toBase64Url(new TextEncoder().encode(JSON.stringify(parsed.data)));
}

/** Decodes a string made by {@link encodeSearchQuery}; throws a clear Error on anything else. */
export function decodeSearchQuery(encoded: string): SearchQuery {
  if (typeof encoded !== 'string' || !encoded.startsWith(encodingPrefix)) {
    throw new Error(`Invalid search query: expected a string starting with "${encodingPrefix}"`);
  }
  const bytes = fromBase64Url(encoded.slice(encodingPrefix.length));
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error('Invalid search query: the payload is not UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error('Invalid search query: the payload is not JSON');
  }
  const parsed = searchQuerySchema.safeParse(value);
  if (!parsed.success) {
    throw new Error(`Invalid search query: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** Name of a search index (the edition's `application`), e.g. `devices_de`. */
const applicationSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(z.regex(/^[a-z0-9][a-z0-9_.-]{0,99}$/, 'Application must be a search index name')),
);

/**
 * Body of `POST /api/trade/searches` (§7). The check decodes `search`, so a server that parses
 * the body with this schema gets a clear 400 for a garbled query or a single lookup asking for
 * more than one hit.
 */
export const searchRequestSchema = /* @__PURE__ */ pure(() =>
  z
    .object({
      search: z.string().check(z.minLength(1), z.maxLength(4096, 'Search query is too long')),
      application: applicationSchema,
      resultSize: z
        .int()
        .check(
          z.minimum(1, 'Result size must be at least 1'),
          z.maximum(100, 'Result size must be at most 100'),
        ),
    })
    .check(
      z.superRefine((request, context) => {
        let query: SearchQuery;
        try {
          query = decodeSearchQuery(request.search);
        } catch (error) {
          context.addIssue({
            code: 'custom',
            path: ['search'],
            message: error instanceof Error ? error.message : 'Invalid search query',
            input: request.search,
          });
          return;
        }
        if (isSingleLookup(query.kind) && request.resultSize !== 1) {
          context.addIssue({
            code: 'custom',
            path: ['resultSize'],
            message: `A ${query.kind} lookup uses result size 1`,
            input: request.resultSize,
          });
        }
      }),
    ),
);
export type SearchRequest = z.infer<typeof searchRequestSchema>;

/**
 * Builds the search request body for a query. Single lookups always use result size 1; other
 * kinds use `resultSize` or a default per kind. Throws when the query or size is invalid.
 */
export function buildSearchRequest(
  query: SearchQuery,
  application: string,
  resultSize?: number,
): SearchRequest {
  if (isSingleLookup(query.kind) && resultSize !== undefined && resultSize !== 1) {
    throw new Error(
      `Invalid search request: a ${query.kind} lookup uses result size 1, not ${resultSize}`,
    );
  }
  const body = {
    search: encodeSearchQuery(query),
    application,
    resultSize: resultSize ?? defaultResultSizes[query.kind],
  };
  const parsed = searchRequestSchema.safeParse(body);
  if (!parsed.success) {
    throw new Error(`Invalid search request: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** Count of all matches; at least the number of hits returned. */
const totalSchema = /* @__PURE__ */ pure(() =>
  z.int().check(z.nonnegative('Total must not be negative')),
);

/** Fails when `total` is below the number of hits. */
const totalCoversHits = /* @__PURE__ */ pure(() =>
  z.refine<{ total: number; hits: unknown[] }>((result) => result.total >= result.hits.length, {
    error: 'Total must be at least the number of hits',
    path: ['total'],
  }),
);

/** A single lookup returns at most one hit. */
const atMostOneHit = /* @__PURE__ */ pure(() =>
  z.maxLength(1, 'A single lookup returns at most one hit'),
);

/**
 * Answer of `POST /api/trade/searches`: `{ kind, total, hits }`, the hit type fixed by the kind of
 * the query. An empty result (nothing found, or a search error logged on the server, §8) has
 * `total: 0` and no hits.
 */
export const searchResultSchema = /* @__PURE__ */ pure(() =>
  z.discriminatedUnion('kind', [
    z
      .object({ kind: z.literal('categories'), total: totalSchema, hits: z.array(categorySchema) })
      .check(totalCoversHits),
    z
      .object({
        kind: z.literal('deviceByUrl'),
        total: totalSchema,
        hits: z.array(deviceSchema).check(atMostOneHit),
      })
      .check(totalCoversHits),
    z
      .object({
        kind: z.literal('devicesBySeries'),
        total: totalSchema,
        hits: z.array(deviceSummarySchema),
      })
      .check(totalCoversHits),
    z
      .object({
        kind: z.literal('aggregationByUrl'),
        total: totalSchema,
        hits: z.array(aggregationSchema).check(atMostOneHit),
      })
      .check(totalCoversHits),
    z
      .object({
        kind: z.literal('deviceSearch'),
        total: totalSchema,
        hits: z.array(deviceSummarySchema),
      })
      .check(totalCoversHits),
  ]),
);
export type SearchResult = z.infer<typeof searchResultSchema>;
/** The search result for one kind of query. */
export type SearchResultOf<K extends SearchKind> = Extract<SearchResult, { kind: K }>;

/** The empty result of a kind: what the server answers when nothing matched or the search failed. */
export function emptySearchResult<K extends SearchKind>(kind: K): SearchResultOf<K> {
  // Parsing proves the value right at run time; the cast only narrows the union to `K`.
  return searchResultSchema.parse({ kind, total: 0, hits: [] }) as SearchResultOf<K>;
}
