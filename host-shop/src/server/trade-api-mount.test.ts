import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { buildSearchRequest, searchResultSchema } from '@tradein/contract';
import { openTradeApi, readTradeApiConfig, type OpenTradeApi } from '@tradein/trade-api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'host-shop-data-'));
let tradeApi: OpenTradeApi;
let app: FastifyInstance;

beforeAll(async () => {
  tradeApi = await openTradeApi(
    readTradeApiConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      PUBLIC_ORIGIN: 'http://localhost:8080',
    }),
  );
  app = buildApp({ tradeApi: tradeApi.options });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await tradeApi.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the trade API on the shop origin', () => {
  it('answers a typo search from the seeded catalogue', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/trade/searches',
      headers: { host: 'de.localhost:8080', 'content-type': 'application/json' },
      payload: buildSearchRequest({ kind: 'deviceSearch', text: 'iphne 13' }, 'devices_de'),
    });
    expect(response.statusCode).toBe(200);
    const result = searchResultSchema.parse(response.json());
    if (result.kind !== 'deviceSearch') throw new Error(result.kind);
    expect(result.hits[0]?.model).toMatch(/^iPhone 13/);
  });

  it('compresses API answers for clients that accept it (brotli, vary: accept-encoding)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/trade/searches',
      headers: {
        host: 'de.localhost:8080',
        'content-type': 'application/json',
        'accept-encoding': 'gzip, deflate, br',
      },
      payload: buildSearchRequest({ kind: 'deviceSearch', text: 'iphone' }, 'devices_de', 20),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    const body = brotliDecompressSync(response.rawPayload);
    expect(response.rawPayload.length).toBeLessThan(body.length / 3);
    const result = searchResultSchema.parse(JSON.parse(body.toString()));
    expect(result.kind).toBe('deviceSearch');
  });

  it('serves generated catalogue images', async () => {
    const device = tradeApi.catalogue.devices[0];
    const response = await app.inject({
      url: `/api/trade/images/device/${device?.id}.svg`,
      headers: { host: 'localhost' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toMatch(/^<svg[\s>]/);
  });

  it('answers unknown API paths with JSON, not the shop 404 page', async () => {
    const response = await app.inject({ url: '/api/no-such-call', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ error: { code: expect.any(String) } });
  });

  it('keeps serving shop pages beside the API', async () => {
    const response = await app.inject({
      url: '/',
      headers: { host: 'fr.localhost', 'user-agent': 'Mozilla/5.0 Chrome/130' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('data-edition="fr"');
  });
});
