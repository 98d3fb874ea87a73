import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiErrorCode, type ApiError } from '@tradein/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultOfferRateLimit, readTradeApiConfig } from '../config/trade-api-config.ts';
import type { TradeDb } from '../db/create-database.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { testCatalogue } from '../../test-kit/stored-catalogue.ts';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { startTestServer, testConfig, type RunningServer } from '../../test-kit/test-server.ts';
import { phoneAnswers } from '../../test-kit/trade-test-kit.ts';
import { countCall } from '../server/rate-limit.ts';
import { registerOfferRoutes } from './offers.ts';

/** The limit these tests run with, small enough to reach. */
const limit = 3;

/**
 * Four calls of one client, alternating between two API nodes: PostgreSQL counts them together
 * in the database, SQLite (which serves one node) in each node's memory.
 */
const acrossNodes = {
  postgres: {
    statuses: [200, 200, 200, 429],
    counters: [
      {
        scope: 'POST /api/trade/offers',
        client: '203.0.113.12',
        hits: 4,
        window_ends_at: '2026-03-02T09:01:00.000Z',
      },
    ],
  },
  sqlite: { statuses: [200, 200, 200, 200], counters: [] },
};

describe.each(testDatabases())('the offer limit on $name', (engine) => {
  let db: TradeDb;
  let now: Date;
  const clock = () => now;
  const nodes: RunningServer[] = [];

  /** An API node on the shared database, as the shop and the API nodes start it. */
  const startNode = async () => {
    const node = await startTestServer(db, {
      config: { ...testConfig, offerRateLimit: limit },
      clock,
      extend: (route) => registerOfferRoutes(route, { db, clock }),
    });
    nodes.push(node);
    return node;
  };

  beforeAll(async () => {
    db = await engine.create();
    await startNode();
    await seedCatalogue(db, testCatalogue(6));
  });
  afterAll(async () => {
    for (const node of nodes) await node.close();
    await engine.destroy(db);
  });
  beforeEach(async () => {
    now = new Date('2026-03-02T09:00:00.000Z');
    await db.deleteFrom('rate_limit_counters').execute();
  });

  const storedOffers = async () =>
    Number(
      (
        await db
          .selectFrom('offers')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  /** `POST /api/trade/offers` from a client address, to one node. */
  const createOffer = (client: string, node = nodes[0], edition = 'de') =>
    node!.app.inject({
      method: 'POST',
      url: '/api/trade/offers',
      remoteAddress: client,
      payload: { edition, deviceId: 1000, answers: phoneAnswers(3) },
    });

  it('refuses the call after the limit with a 429 in the error shape, retry-after, and nothing stored', async () => {
    for (let call = 0; call < limit; call += 1) {
      expect((await createOffer('203.0.113.7')).statusCode).toBe(200);
    }
    const before = await storedOffers();
    const refused = await createOffer('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    const body = refused.json<ApiError>();
    expect(body.error.code).toBe(apiErrorCode.tooManyRequests);
    expect(body.error.message).toBe(
      'Zu viele Anfragen von deiner Verbindung. Bitte warte einen Moment und versuche es dann noch einmal.',
    );
    expect(Number(refused.headers['retry-after'])).toBe(60);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(await storedOffers()).toBe(before);
  });

  it('answers in the language of the edition the call names, English without one', async () => {
    for (let call = 0; call < limit; call += 1) await createOffer('203.0.113.8', nodes[0], 'fr');
    expect((await createOffer('203.0.113.8', nodes[0], 'fr')).json<ApiError>().error.message).toBe(
      'Trop de demandes depuis votre connexion. Veuillez patienter un instant, puis réessayer.',
    );
    expect((await createOffer('203.0.113.8', nodes[0], 'xx')).json<ApiError>().error.message).toBe(
      'Too many requests from your connection. Please wait a moment and try again.',
    );
  });

  it('counts each client on its own, an IPv6 client by its /64 network', async () => {
    for (let call = 0; call < limit; call += 1) await createOffer('203.0.113.9');
    expect((await createOffer('203.0.113.9')).statusCode).toBe(429);
    expect((await createOffer('203.0.113.10')).statusCode).toBe(200);
    for (let call = 0; call < limit; call += 1) {
      expect((await createOffer(`2001:db8:1:2::${call + 1}`)).statusCode).toBe(200);
    }
    expect((await createOffer('2001:db8:1:2:ffff::1')).statusCode).toBe(429);
    expect((await createOffer('2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('lets the client in again once the minute is over', async () => {
    for (let call = 0; call < limit; call += 1) await createOffer('203.0.113.11');
    now = new Date(now.getTime() + 30_000);
    const refused = await createOffer('203.0.113.11');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(30);
    now = new Date(now.getTime() + 30_000);
    expect((await createOffer('203.0.113.11')).statusCode).toBe(200);
  });

  it('counts a client on every API node together on PostgreSQL, in its node’s memory on SQLite (one node)', async () => {
    const expected = acrossNodes[engine.name];
    const second = await startNode();
    const statuses: number[] = [];
    for (const node of [nodes[0], second, nodes[0], second]) {
      statuses.push((await createOffer('203.0.113.12', node)).statusCode);
    }
    expect(statuses).toEqual(expected.statuses);
    expect(await db.selectFrom('rate_limit_counters').selectAll().execute()).toEqual(
      expected.counters,
    );
  });

  it('the database store counts parallel calls once each and starts over when the window ends', async () => {
    const counted = await Promise.all(
      Array.from({ length: 10 }, () => countCall(db, 'test', '203.0.113.16', now, 60_000)),
    );
    expect(counted.map(({ current }) => current).toSorted((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(counted.every(({ ttl }) => ttl === 60_000)).toBe(true);
    now = new Date(now.getTime() + 45_000);
    expect(await countCall(db, 'test', '203.0.113.16', now, 60_000)).toEqual({
      current: 11,
      ttl: 15_000,
    });
    now = new Date(now.getTime() + 15_000);
    expect(await countCall(db, 'test', '203.0.113.16', now, 60_000)).toEqual({
      current: 1,
      ttl: 60_000,
    });
    expect(await countCall(db, 'other', '203.0.113.16', now, 60_000)).toEqual({
      current: 1,
      ttl: 60_000,
    });
  });

  it('lets exactly the limit through when a client sends many calls at once', async () => {
    const before = await storedOffers();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => createOffer('203.0.113.13')),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(limit);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(12 - limit);
    expect(await storedOffers()).toBe(before + limit);
  });

  it('does not limit the preview, which stores nothing', async () => {
    for (let call = 0; call < limit; call += 1) await createOffer('203.0.113.14');
    const preview = await nodes[0]!.app.inject({
      method: 'POST',
      url: '/api/trade/offers/preview',
      remoteAddress: '203.0.113.14',
      payload: { edition: 'de', deviceId: 1000, answers: phoneAnswers(3) },
    });
    expect(preview.statusCode).toBe(200);
  });
});

describe('the offer limit setting', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tradein-offer-limit-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(`is ${defaultOfferRateLimit} offers a minute unless OFFER_RATE_LIMIT says otherwise`, () => {
    expect(defaultOfferRateLimit).toBe(30);
    expect(readTradeApiConfig({ DATA_DIR: dataDir }).offerRateLimit).toBe(30);
    expect(
      readTradeApiConfig({ DATA_DIR: dataDir, OFFER_RATE_LIMIT: '100000' }).offerRateLimit,
    ).toBe(100_000);
  });

  it.each(['0', '-1', '1.5', 'many'])('refuses OFFER_RATE_LIMIT=%s', (value) => {
    expect(() => readTradeApiConfig({ DATA_DIR: dataDir, OFFER_RATE_LIMIT: value })).toThrow(
      /OFFER_RATE_LIMIT/,
    );
  });
});
