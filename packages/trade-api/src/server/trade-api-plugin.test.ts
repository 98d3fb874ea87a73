import {
  defineEndpoint,
  emptyBodySchema,
  emptySearchResult,
  okResponseSchema,
} from '@tradein/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeDb } from '../db/create-database.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { testConfig } from '../../test-kit/test-server.ts';
import { buildTradeApi } from './trade-api-plugin.ts';

/** An endpoint a later feature adds through `extend`. */
const pingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/extra/ping',
  auth: 'none',
  body: emptyBodySchema,
  response: okResponseSchema,
});

describe('the trade API inside a host server', () => {
  const [engine] = testDatabases();
  let db: TradeDb;
  let host: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    if (engine === undefined) throw new Error('SQLite is always available');
    db = await engine.create();
    await migrateToLatest(db);
    host = Fastify({ logger: false });
    host.get('/', async () => 'shop home');
    host.setNotFoundHandler((_request, reply) =>
      reply.code(404).type('text/html').send('<h1>404</h1>'),
    );
    await host.register(
      buildTradeApi({
        db,
        config: testConfig,
        search: (query) => emptySearchResult(query.kind),
        renderImage: () => null,
        extend: (route) => {
          route(pingEndpoint, async () => ({ ok: true }) as const);
        },
      }),
    );
    origin = await host.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await host.close();
    if (engine !== undefined) await engine.destroy(db);
  });

  it('leaves the host its own pages, 404 page and headers', async () => {
    const home = await fetch(`${origin}/`);
    expect(await home.text()).toBe('shop home');
    expect(home.headers.get('cache-control')).toBeNull();
    expect(home.headers.get('content-security-policy')).toBeNull();
    const missing = await fetch(`${origin}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('<h1>404</h1>');
  });

  it('answers API paths with the API, and unknown API paths with a JSON 404', async () => {
    const health = await fetch(`${origin}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
    const missing = await fetch(`${origin}/api/no-such-call`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('serves endpoints added through extend with the same handling', async () => {
    const ping = await fetch(`${origin}/api/extra/ping`);
    expect(await ping.json()).toEqual({ ok: true });
    expect(ping.headers.get('cache-control')).toBe('no-store');
    const wrongMethod = await fetch(`${origin}/api/extra/ping`, { method: 'POST' });
    expect(wrongMethod.status).toBe(405);
  });
});
