import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildSearchRequest,
  decodeSearchQuery,
  emptySearchResult,
  encodeSearchQuery,
  isSingleLookup,
  searchQuerySchema,
  searchRequestSchema,
  searchResultSchema,
  type SearchQuery,
} from './search.ts';
import { apple, iphone13, issuePaths, smartphones } from './test-fixtures.ts';

const { questions: _questions, ...iphone13Summary } = iphone13;

/** Any line of well-formed Unicode text a device search may carry (no control characters). */
const searchText = fc
  .string({ unit: 'binary', minLength: 1, maxLength: 100 })
  .filter((text) => text.trim().length > 0 && !/[\p{Cc}\p{Zl}\p{Zp}]/u.test(text));

const slug = fc.stringMatching(/^[a-z0-9]{1,12}(?:-[a-z0-9]{1,12}){0,3}$/);
const id = fc.integer({ min: 1, max: 2 ** 31 });

/** Any valid search query. */
const searchQuery: fc.Arbitrary<SearchQuery> = fc.oneof(
  fc.constant({ kind: 'categories' as const }),
  slug.map((url) => ({ kind: 'deviceByUrl' as const, url })),
  id.map((seriesId) => ({ kind: 'devicesBySeries' as const, seriesId })),
  slug.map((seriesUrl) => ({ kind: 'devicesBySeries' as const, seriesUrl })),
  slug.map((url) => ({ kind: 'aggregationByUrl' as const, url })),
  fc.record(
    { kind: fc.constant('deviceSearch' as const), text: searchText, categoryId: id },
    { requiredKeys: ['kind', 'text'] },
  ),
);

/** Encodes any JSON value the way the encoder does, to build well-encoded but invalid payloads. */
function encodeRaw(value: unknown): string {
  return 'sq1.' + Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** What decoding a string leads to: a valid query, a clear Error, or something else (a bug). */
function decodeOutcome(encoded: string): string {
  try {
    return searchQuerySchema.safeParse(decodeSearchQuery(encoded)).success
      ? 'valid query'
      : 'invalid query';
  } catch (error) {
    return error instanceof Error && error.message.startsWith('Invalid search query: ')
      ? 'clear error'
      : String(error);
  }
}

describe('search query schema', () => {
  it.each([
    { kind: 'categories' },
    { kind: 'deviceByUrl', url: 'apple-iphone-13-128gb' },
    { kind: 'devicesBySeries', seriesId: 31 },
    { kind: 'devicesBySeries', seriesUrl: 'iphone-13' },
    { kind: 'aggregationByUrl', url: 'smartphones-apple' },
    { kind: 'deviceSearch', text: 'iphone 13 pro' },
    { kind: 'deviceSearch', text: 'Galaxy S23', categoryId: 1 },
  ])('accepts %j', (query) => {
    expect(searchQuerySchema.parse(query)).toEqual(query);
  });

  it.each([
    ['unknown kind', { kind: 'raw', query: { match_all: {} } }, 'kind'],
    ['device by url without url', { kind: 'deviceByUrl' }, 'url'],
    ['device by url with a path', { kind: 'deviceByUrl', url: '/produkte/iphone' }, 'url'],
    ['series by neither id nor url', { kind: 'devicesBySeries' }, 'seriesId'],
    [
      'series by both id and url',
      { kind: 'devicesBySeries', seriesId: 31, seriesUrl: 'iphone-13' },
      'seriesId',
    ],
    ['series id as a string', { kind: 'devicesBySeries', seriesId: '31' }, 'seriesId'],
    ['empty search text', { kind: 'deviceSearch', text: '' }, 'text'],
    ['blank search text', { kind: 'deviceSearch', text: '  \t ' }, 'text'],
    ['search text of 101 characters', { kind: 'deviceSearch', text: 'a'.repeat(101) }, 'text'],
    ['search text with a lone surrogate', { kind: 'deviceSearch', text: 'iphone \uD800' }, 'text'],
    ['search text with a NUL', { kind: 'deviceSearch', text: 'iphone\u0000' }, 'text'],
    ['search text of two lines', { kind: 'deviceSearch', text: 'iphone\n13' }, 'text'],
    ['negative category id', { kind: 'deviceSearch', text: 'ipad', categoryId: -1 }, 'categoryId'],
  ])('rejects %s', (_name, query, path) => {
    expect(issuePaths(searchQuerySchema, query)).toContain(path);
  });

  it('counts the 100-character limit in code points, not UTF-16 units', () => {
    const text = '📱'.repeat(100);
    expect(text.length).toBe(200);
    expect(searchQuerySchema.safeParse({ kind: 'deviceSearch', text }).success).toBe(true);
  });
});

describe('search query encoding', () => {
  it('round-trips every valid query, whatever Unicode text it carries', () => {
    fc.assert(
      fc.property(searchQuery, (query) => {
        const encoded = encodeSearchQuery(query);
        expect(encoded).toMatch(/^sq1\.[A-Za-z0-9_-]+$/);
        expect(decodeSearchQuery(encoded)).toEqual(query);
      }),
      { numRuns: 500 },
    );
  });

  it('encodes equal queries to equal strings whatever their key order', () => {
    expect(
      encodeSearchQuery({ text: 'pixel 8', kind: 'deviceSearch', categoryId: 1 } as SearchQuery),
    ).toBe(encodeSearchQuery({ kind: 'deviceSearch', categoryId: 1, text: 'pixel 8' }));
  });

  it('refuses to encode an invalid query', () => {
    expect(() => encodeSearchQuery({ kind: 'deviceSearch', text: '' })).toThrow(
      /Invalid search query/,
    );
  });

  it.each([
    ['an empty string', '', /expected a string starting with "sq1\."/],
    ['raw engine syntax', '{"query":{"match_all":{}}}', /expected a string starting with "sq1\."/],
    [
      'an unknown version',
      'sq2.eyJraW5kIjoiY2F0ZWdvcmllcyJ9',
      /expected a string starting with "sq1\."/,
    ],
    ['an empty payload', 'sq1.', /not base64url/],
    ['standard base64 characters', 'sq1.ab+/', /not base64url/],
    ['padding', 'sq1.eyJraW5kIjoiY2F0ZWdvcmllcyJ9==', /not base64url/],
    ['an impossible length', 'sq1.abcde', /not base64url/],
    [
      'bytes that are not UTF-8',
      'sq1.' + Buffer.from([0xff, 0xfe, 0x41]).toString('base64url'),
      /not UTF-8/,
    ],
    [
      'text that is not JSON',
      'sq1.' + Buffer.from('kind=categories').toString('base64url'),
      /not JSON/,
    ],
    ['JSON of an unknown kind', encodeRaw({ kind: 'everything' }), /Invalid search query/],
    ['JSON of an array', encodeRaw([{ kind: 'categories' }]), /Invalid search query/],
    [
      'JSON of an invalid search',
      encodeRaw({ kind: 'deviceSearch', text: '' }),
      /Search text must not be empty/,
    ],
  ])('rejects %s with a clear Error', (_name, encoded, message) => {
    expect(() => decodeSearchQuery(encoded)).toThrow(message);
  });

  it('answers any payload of random bytes with a query or an "Invalid search query" Error', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), (bytes) => {
        const encoded = 'sq1.' + Buffer.from(bytes).toString('base64url');
        expect(['valid query', 'clear error']).toContain(decodeOutcome(encoded));
      }),
    );
  });

  it('rejects arbitrary strings without crashing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (garbage) => {
        fc.pre(!garbage.startsWith('sq1.'));
        expect(decodeOutcome(garbage)).toBe('clear error');
      }),
    );
  });
});

describe('search request', () => {
  it.each([
    [{ kind: 'deviceByUrl', url: 'apple-iphone-13-128gb' }, 1],
    [{ kind: 'aggregationByUrl', url: 'smartphones-apple' }, 1],
    [{ kind: 'categories' }, 100],
    [{ kind: 'devicesBySeries', seriesId: 31 }, 100],
    [{ kind: 'deviceSearch', text: 'iphone' }, 10],
  ] as const)('builds %j with result size %i by default', (query, size) => {
    const request = buildSearchRequest(query, 'devices_de');
    expect(request).toEqual({
      search: encodeSearchQuery(query),
      application: 'devices_de',
      resultSize: size,
    });
    expect(decodeSearchQuery(request.search)).toEqual(query);
  });

  it('marks exactly the device-by-url and aggregation lookups as single lookups', () => {
    expect(
      (
        [
          'categories',
          'deviceByUrl',
          'devicesBySeries',
          'aggregationByUrl',
          'deviceSearch',
        ] as const
      ).filter(isSingleLookup),
    ).toEqual(['deviceByUrl', 'aggregationByUrl']);
  });

  it('keeps an explicit size for searches and refuses one above 1 for single lookups', () => {
    expect(
      buildSearchRequest({ kind: 'deviceSearch', text: 'ipad' }, 'devices_fr', 25).resultSize,
    ).toBe(25);
    expect(() =>
      buildSearchRequest({ kind: 'deviceByUrl', url: 'ipad-air' }, 'devices_fr', 5),
    ).toThrow(/uses result size 1/);
    expect(() =>
      buildSearchRequest({ kind: 'deviceSearch', text: 'ipad' }, 'devices_fr', 101),
    ).toThrow(/at most 100/);
    expect(() => buildSearchRequest({ kind: 'categories' }, 'Devices DE')).toThrow(
      /search index name/,
    );
  });

  const valid = {
    search: encodeSearchQuery({ kind: 'categories' }),
    application: 'devices_it',
    resultSize: 50,
  };

  it.each([
    ['a garbled search', { ...valid, search: 'match_all' }, 'search'],
    ['an empty search', { ...valid, search: '' }, 'search'],
    ['result size 0', { ...valid, resultSize: 0 }, 'resultSize'],
    ['result size 101', { ...valid, resultSize: 101 }, 'resultSize'],
    ['a fractional result size', { ...valid, resultSize: 2.5 }, 'resultSize'],
    [
      'a single lookup asking for 10',
      { ...valid, search: encodeSearchQuery({ kind: 'deviceByUrl', url: 'x' }), resultSize: 10 },
      'resultSize',
    ],
    ['a missing application', { search: valid.search, resultSize: 1 }, 'application'],
  ])('the body schema rejects %s', (_name, body, path) => {
    expect(issuePaths(searchRequestSchema, body)).toContain(path);
  });

  it('the body schema accepts a valid body', () => {
    expect(searchRequestSchema.parse(valid)).toEqual(valid);
  });
});

describe('search result', () => {
  it.each([
    { kind: 'categories', total: 1, hits: [smartphones] },
    { kind: 'deviceByUrl', total: 1, hits: [iphone13] },
    { kind: 'devicesBySeries', total: 40, hits: [iphone13Summary] },
    {
      kind: 'aggregationByUrl',
      total: 1,
      hits: [
        {
          url: 'apple',
          category: { id: 1, name: 'Smartphones', url: 'smartphones' },
          manufacturers: [apple],
          series: apple.series,
        },
      ],
    },
    { kind: 'deviceSearch', total: 0, hits: [] },
  ])('accepts a $kind result', (result) => {
    expect(searchResultSchema.parse(result)).toEqual(result);
  });

  it.each([
    [
      'a device lookup whose hit has no questions',
      { kind: 'deviceByUrl', total: 1, hits: [iphone13Summary] },
      'hits.0.questions',
    ],
    [
      'a single lookup with two hits',
      { kind: 'deviceByUrl', total: 2, hits: [iphone13, iphone13] },
      'hits',
    ],
    [
      'categories carrying devices',
      { kind: 'categories', total: 1, hits: [iphone13] },
      'hits.0.manufacturers',
    ],
    [
      'a total below the hit count',
      { kind: 'deviceSearch', total: 0, hits: [iphone13Summary] },
      'total',
    ],
    ['a negative total', { kind: 'deviceSearch', total: -1, hits: [] }, 'total'],
    ['an unknown kind', { kind: 'raw', total: 0, hits: [] }, 'kind'],
  ])('rejects %s', (_name, result, path) => {
    expect(issuePaths(searchResultSchema, result)).toContain(path);
  });

  it.each([
    'categories',
    'deviceByUrl',
    'devicesBySeries',
    'aggregationByUrl',
    'deviceSearch',
  ] as const)('has an empty %s result', (kind) => {
    expect(emptySearchResult(kind)).toEqual({ kind, total: 0, hits: [] });
  });
});
