import {
  buildSearchRequest,
  emptySearchResult,
  encodeSearchQuery,
  type SearchResult,
} from '@tradein/contract';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeDb } from '../db/create-database.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { testCatalogue } from '../../test-kit/stored-catalogue.ts';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import type { CatalogueImageKind } from '@tradein/contract';
import type { SearchApplication } from './search-route.ts';
import { startTestServer, type RunningServer } from '../../test-kit/test-server.ts';

const deviceHit = {
  id: 1000,
  name: 'Apple iPhone 13 128 GB',
  model: 'iPhone 13',
  variant: '128 GB',
  variants: [
    { id: 1000, url: 'apple-iphone-13-128-gb', variant: '128 GB', bestPriceCents: 41_000 },
  ],
  url: 'apple-iphone-13-128-gb',
  bestPriceCents: 41_000,
  category: 'Smartphones',
  categoryId: 1,
  manufacturer: 'Apple',
  manufacturerId: 10,
  series: 'iPhone 13',
  seriesId: 100,
  image: null,
  thumbnail: null,
};

/** Calls seen by the fake search, to prove what the route passed on. */
const searchCalls: { text: string; application: SearchApplication; resultSize: number }[] = [];

/** A search that finds one device, fails on "explode" and answers the wrong kind on "confused". */
function fakeSearch(
  query: Parameters<typeof buildSearchRequest>[0],
  application: SearchApplication,
  resultSize: number,
): SearchResult {
  if (query.kind !== 'deviceSearch') return emptySearchResult(query.kind);
  searchCalls.push({ text: query.text, application, resultSize });
  if (query.text === 'explode') throw new Error('index file /srv/secret/index.bin is corrupt');
  if (query.text === 'confused') return { kind: 'categories', total: 0, hits: [] };
  return { kind: 'deviceSearch', total: 1, hits: [deviceHit] };
}

function fakeRenderImage(kind: CatalogueImageKind, id: number): string | null {
  if (id === 666) throw new Error('renderer crashed in /work/main/packages/trade-api/src/x.ts');
  return kind === 'device' && id === 1000 ? '<svg xmlns="http://www.w3.org/2000/svg"/>' : null;
}

/** Finds traces of internals in an error answer. */
function leaksInternals(text: string): boolean {
  return (
    /\bat [^\s]+ \(/.test(text) ||
    /\n\s+at /.test(text) ||
    /\/(?:work|srv|home|usr|tmp)\//.test(text) ||
    /\.ts\b|\.js\b/.test(text) ||
    /stack/i.test(text)
  );
}

function deviceSearchBody(text: string, application = 'devices_de', resultSize = 10) {
  return buildSearchRequest({ kind: 'deviceSearch', text }, application, resultSize);
}

describe.each(testDatabases())('trade API server on $name', (engine) => {
  let db: TradeDb;
  let server: RunningServer;

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    db = await engine.create();
    await migrateToLatest(db);
    await seedCatalogue(db, testCatalogue());
    server = await startTestServer(db, { search: fakeSearch, renderImage: fakeRenderImage });
  });
  afterAll(async () => {
    await server.close();
    await engine.destroy(db);
  });

  it('answers the health check after pinging the database', async () => {
    const response = await fetch(`${server.origin}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sends security headers, no-store and a request id on API answers', async () => {
    const response = await fetch(`${server.origin}/api/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // Over plain HTTP: HSTS only over HTTPS (strict-transport-security.test.ts).
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('keeps a well-formed request id from a proxy', async () => {
    const response = await fetch(`${server.origin}/api/health`, {
      headers: { 'x-request-id': 'lb-1234567890' },
    });
    expect(response.headers.get('x-request-id')).toBe('lb-1234567890');
  });

  it('passes a valid search to the search function with its edition and answers its result', async () => {
    const response = await post(
      '/api/trade/searches',
      deviceSearchBody('iphone 13', 'devices_fr', 5),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ kind: 'deviceSearch', total: 1, hits: [deviceHit] });
    expect(searchCalls.at(-1)).toEqual({
      text: 'iphone 13',
      application: { name: 'devices_fr', edition: 'fr', index: 'devices' },
      resultSize: 5,
    });
  });

  it.each([
    ['a failing search', 'explode'],
    ['a search answering another kind', 'confused'],
  ])('answers the empty result for %s', async (_case, text) => {
    const response = await post('/api/trade/searches', deviceSearchBody(text));
    expect(response.status).toBe(200);
    const body: unknown = await response.json();
    expect(body).toEqual({ kind: 'deviceSearch', total: 0, hits: [] });
    expect(JSON.stringify(body)).not.toContain('corrupt');
  });

  it.each([
    ['an unknown index', { ...deviceSearchBody('x'), application: 'devices_xx' }, 'application'],
    ['a missing query', { application: 'devices_de', resultSize: 1 }, 'search'],
    ['a garbled query', { search: 'sq1.%%%', application: 'devices_de', resultSize: 1 }, 'search'],
    ['a result size of 0', { ...deviceSearchBody('x'), resultSize: 0 }, 'resultSize'],
    ['a fractional result size', { ...deviceSearchBody('x'), resultSize: 1.5 }, 'resultSize'],
    [
      'a single lookup asking for many hits',
      {
        search: encodeSearchQuery({ kind: 'deviceByUrl', url: 'apple-iphone-13' }),
        application: 'devices_de',
        resultSize: 5,
      },
      'resultSize',
    ],
    ['an array instead of an object', [1, 2], ''],
  ])('answers 400 naming the field for %s', async (_case, body, field) => {
    const response = await post('/api/trade/searches', body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as {
      error: { code: string; fields: { path: string; message: string }[] };
    };
    expect(answer.error.code).toBe('validation_failed');
    expect(answer.error.fields.map((entry) => entry.path)).toContain(field);
    expect(answer.error.fields.every((entry) => entry.message.length > 0)).toBe(true);
  });

  it.each([
    ['malformed JSON', 'application/json', '{"search": ', 400, 'malformed_json'],
    ['an empty JSON body', 'application/json', '', 400, 'malformed_json'],
    ['plain text', 'text/plain', 'search=iphone', 415, 'unsupported_media_type'],
    ['a form', 'application/x-www-form-urlencoded', 'search=iphone', 415, 'unsupported_media_type'],
    [
      'a body over 64 kB',
      'application/json',
      JSON.stringify({ search: 'x'.repeat(70_000) }),
      413,
      'payload_too_large',
    ],
    [
      'a prototype-polluting body',
      'application/json',
      '{"__proto__": {"admin": true}}',
      400,
      'malformed_json',
    ],
  ])('answers %s with a JSON error', async (_case, contentType, body, status, code) => {
    const response = await fetch(`${server.origin}/api/trade/searches`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ error: { code } });
    expect(leaksInternals(text)).toBe(false);
  });

  it.each([
    ['GET', '/api/no/such/call'],
    ['POST', '/api/account/nothing'],
    ['GET', '/api'],
    ['GET', '/api/trade/images/device/1000.png'],
    // A parameter longer than the router takes never reaches its route: still no call there.
    ['GET', `/api/trade/offers/${'a'.repeat(120)}`],
  ])('answers %s %s with a JSON 404', async (method, path) => {
    const response = await fetch(`${server.origin}${path}`, { method });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'There is no API call at this path' },
    });
  });

  it.each([
    ['GET', '/api/trade/searches', 'POST'],
    ['DELETE', '/api/health', 'GET, HEAD'],
    ['POST', '/api/trade/images/device/1000.svg', 'GET, HEAD'],
  ])('answers %s %s with a JSON 405 and the allowed methods', async (method, path, allow) => {
    const response = await fetch(`${server.origin}${path}`, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    expect(await response.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
  });

  it('serves a rendered image as SVG that partner pages may embed', async () => {
    const response = await fetch(`${server.origin}/api/trade/images/device/1000.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('content-security-policy')).not.toContain('script-src');
    expect(await response.text()).toContain('<svg');
  });

  it('answers 404 for an entry without an image', async () => {
    const response = await fetch(`${server.origin}/api/trade/images/device/4.svg`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'There is no such image' },
    });
  });

  it.each([
    ['/api/trade/images/phone/1000.svg', 'params.kind'],
    ['/api/trade/images/device/0.svg', 'params.id'],
    ['/api/trade/images/device/abc.svg', 'params.id'],
  ])('answers %s with a 400 naming %s', async (path, field) => {
    const response = await fetch(`${server.origin}${path}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields?: { path: string }[] } };
    expect(body.error.fields?.map((entry) => entry.path)).toEqual([field]);
  });

  it('answers an internal error with a reference and nothing internal', async () => {
    const response = await fetch(`${server.origin}/api/trade/images/device/666.svg`);
    expect(response.status).toBe(500);
    const text = await response.text();
    const body = JSON.parse(text) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('internal_error');
    expect(body.error.message).toContain(response.headers.get('x-request-id') ?? 'missing');
    expect(text).not.toContain('renderer crashed');
    expect(leaksInternals(text)).toBe(false);
  });

  const preflight = (origin: string) =>
    fetch(`${server.origin}/api/trade/searches`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization',
      },
    });

  it.each([
    ['the shop itself', 'http://localhost:8080'],
    ['a configured partner', 'https://partner.example'],
  ])('allows a CORS preflight from %s', async (_case, origin) => {
    const response = await preflight(origin);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  it.each([
    ['an unknown site', 'https://evil.example'],
    ['a partner look-alike', 'https://partner.example.evil.example'],
    ['the partner over plain http', 'http://partner.example'],
  ])('denies a CORS preflight from %s', async (_case, origin) => {
    const response = await preflight(origin);
    expect(response.ok).toBe(false);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('marks actual cross-origin answers only for allowed origins', async () => {
    const allowed = await post('/api/trade/searches', deviceSearchBody('ipad'), {
      origin: 'https://partner.example',
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    const denied = await post('/api/trade/searches', deviceSearchBody('ipad'), {
      origin: 'https://evil.example',
    });
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    const noOrigin = await post('/api/trade/searches', deviceSearchBody('ipad'));
    expect(noOrigin.status).toBe(200);
    expect(noOrigin.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('never answers arbitrary JSON bodies with a 5xx and never changes the database', async () => {
    const before = await rowCounts(db);
    const nearlyValid = fc.record(
      {
        search: fc.oneof(fc.string(), fc.constant(encodeSearchQuery({ kind: 'categories' }))),
        application: fc.oneof(
          fc.constantFrom('devices_de', 'manufacturer_aggregation_it'),
          fc.string(),
        ),
        resultSize: fc.oneof(fc.integer({ min: -5, max: 200 }), fc.double(), fc.string()),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), nearlyValid), async (body) => {
        const response = await post('/api/trade/searches', body);
        const text = await response.text();
        if (response.status >= 500) return false;
        if (response.ok) return true;
        const answer = JSON.parse(text) as { error?: { code?: unknown } };
        return typeof answer.error?.code === 'string' && !leaksInternals(text);
      }),
      { numRuns: 150 },
    );
    expect(await rowCounts(db)).toEqual(before);
  });
});

describe.each(testDatabases())('health check without a database on $name', (engine) => {
  it('answers 503 when the database does not answer', async () => {
    const db = await engine.create();
    await migrateToLatest(db);
    const server = await startTestServer(db);
    try {
      await engine.destroy(db);
      const response = await fetch(`${server.origin}/api/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: { code: 'database_unavailable', message: 'The database is not reachable' },
      });
    } finally {
      await server.close();
    }
  });
});
