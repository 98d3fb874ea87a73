import { emptySearchResult } from '@tradein/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test-kit/test-server.ts';
import { createTradeApiServer } from './trade-api-server.ts';

/*
 * HSTS only over HTTPS: an API answer over plain HTTP does not ask for HTTPS (a browser ignores
 * it there, and it would say what is not so); over HTTPS, as a trusted proxy names the protocol,
 * every answer does: the API's own, its 404s, and failures outside the API's routes.
 */

const hsts = 'max-age=31536000; includeSubDomains';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTradeApiServer({
    config: { ...testConfig, trustProxy: ['127.0.0.1'] },
    search: (query) => emptySearchResult(query.kind),
    renderImage: () => null,
  });
});
afterAll(() => app.close());

/** A request through the trusted proxy on loopback, asked for over the given protocol. */
function get(url: string, protocol: 'http' | 'https') {
  return app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': protocol } });
}

describe.each([
  ['the health check', '/api/health', 200],
  ['an unknown API path', '/api/no-such-call', 404],
  ['a path outside the API', '/no-such-page', 404],
])('%s', (_what, url, status) => {
  it('asks for HTTPS only when the request came over HTTPS', async () => {
    const overHttps = await get(url, 'https');
    expect(overHttps.statusCode).toBe(status);
    expect(overHttps.headers['strict-transport-security']).toBe(hsts);
    const overHttp = await get(url, 'http');
    expect(overHttp.statusCode).toBe(status);
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    // The other security headers do not depend on the protocol.
    expect(overHttp.headers['x-content-type-options']).toBe('nosniff');
    expect(overHttp.headers['content-security-policy']).toBe(
      overHttps.headers['content-security-policy'],
    );
  });
});

it('does not take the protocol from a client it does not trust', async () => {
  const forged = await app.inject({
    method: 'GET',
    url: '/api/health',
    remoteAddress: '192.0.2.10',
    headers: { 'x-forwarded-proto': 'https' },
  });
  expect(forged.statusCode).toBe(200);
  expect(forged.headers['strict-transport-security']).toBeUndefined();
});
