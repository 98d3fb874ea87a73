import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildTradeApi,
  openTradeApi,
  readTradeApiConfig,
  type OpenTradeApi,
} from '@tradein/trade-api';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadPagesBuild } from './test-shop.ts';

/*
 * A shop node in front of a separate API node (`TRADE_API_URL`): the shop opens no database; its
 * pages call the API node over HTTP and `/api` on its origin is forwarded there.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'host-shop-api-node-'));
let tradeApi: OpenTradeApi;
let apiNode: FastifyInstance;
let shop: FastifyInstance;
/** Client addresses of the requests the API node received. */
const seenByApiNode: { path: string; forwardedFor: string | undefined }[] = [];

beforeAll(async () => {
  tradeApi = await openTradeApi(
    readTradeApiConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', PUBLIC_ORIGIN: 'http://localhost' }),
  );
  apiNode = Fastify();
  apiNode.addHook('onRequest', async (request) => {
    const forwarded = request.headers['x-forwarded-for'];
    seenByApiNode.push({
      path: request.url,
      forwardedFor: typeof forwarded === 'string' ? forwarded : undefined,
    });
  });
  await apiNode.register(buildTradeApi(tradeApi.options));
  const origin = await apiNode.listen({ port: 0, host: '127.0.0.1' });
  shop = buildApp({ tradeApiUrl: origin, pages: await loadPagesBuild() });
  await shop.ready();
}, 60_000);
afterAll(async () => {
  await shop.close();
  await apiNode.close();
  await tradeApi.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const browser = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0';

describe('a shop node with TRADE_API_URL', () => {
  it('renders catalogue pages from the API node, and 404s for what it does not know', async () => {
    const device = tradeApi.catalogue.devices[0];
    const page = await shop.inject({
      url: `/produkte/${device?.pages.de.url}`,
      headers: { host: 'de.localhost', 'user-agent': browser },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(device?.pages.de.name);
    expect(seenByApiNode.some((request) => request.path === '/api/trade/searches')).toBe(true);

    const missing = await shop.inject({
      url: '/produkte/no-such-device',
      headers: { host: 'de.localhost', 'user-agent': browser },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('forwards /api on its origin to the API node, naming the visitor', async () => {
    const health = await shop.inject({
      url: '/api/health',
      headers: { host: 'de.localhost' },
      remoteAddress: '203.0.113.21',
    });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    expect(seenByApiNode.at(-1)).toEqual({ path: '/api/health', forwardedFor: '203.0.113.21' });
  });

  it("sends a visitor's contact message with the visitor's address", async () => {
    const response = await shop.inject({
      method: 'POST',
      url: '/kontakt',
      headers: {
        host: 'de.localhost',
        'user-agent': browser,
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://de.localhost',
      },
      payload: new URLSearchParams({
        subject: 'other',
        name: 'Max Muster',
        email: 'max@example.org',
        message: 'Hallo',
      }).toString(),
      remoteAddress: '198.51.100.77',
    });
    expect(response.statusCode).toBe(200);
    expect(seenByApiNode.at(-1)).toEqual({
      path: '/api/contact/messages',
      forwardedFor: '198.51.100.77',
    });
  });
});
