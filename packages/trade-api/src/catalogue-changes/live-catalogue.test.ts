import {
  buildSearchRequest,
  searchResultSchema,
  type DeviceSummary,
  type SearchQuery,
  type SearchResult,
} from '@tradein/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDatabase } from '../../test-kit/test-databases.ts';
import { buildCatalogue } from '../catalogue/build-catalogue.ts';
import { readTradeApiConfig } from '../config/trade-api-config.ts';
import { databaseBehindProxy } from '../../test-kit/database-proxy.ts';
import type { TradeDb } from '../db/create-database.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { openTradeApi, type OpenTradeApi } from '../server/open-trade-api.ts';
import { buildTradeApi } from '../server/trade-api-plugin.ts';
import { runCatalogueChange } from './catalogue-change.ts';
import { openLiveCatalogue } from './live-catalogue.ts';

/*
 * A change of prices or catalogue written by anyone (another node, the operator command line)
 * is served by every node without a restart: prices at once, searches from indexes rebuilt in
 * the background while the old ones keep answering.
 */

const origin = { actor: 'test', source: 'live-catalogue.test.ts' };
const application = { name: 'devices_de', edition: 'de', index: 'devices' } as const;
const iphoneSearch: SearchQuery = { kind: 'deviceSearch', text: 'iphone 13 pro' };

/** The devices of a device search, series list or lookup by url. */
function devicesOf(result: SearchResult): DeviceSummary[] {
  if (result.kind === 'categories' || result.kind === 'aggregationByUrl') {
    throw new Error(`a ${result.kind} answer lists no devices`);
  }
  return result.hits;
}

/** The first hit of a device search in de: the device and its "up to" price. */
async function firstHit(
  search: (query: SearchQuery, app: typeof application, size: number) => unknown,
  text = 'iphone 13 pro',
) {
  const result = searchResultSchema.parse(
    await search({ kind: 'deviceSearch', text }, application, 5),
  );
  return devicesOf(result)[0];
}

/** Sets the base price of one device in de, as a price change of its own. */
async function setBasePrice(db: TradeDb, deviceId: number, cents: number): Promise<void> {
  await runCatalogueChange(db, { kind: 'prices', note: 'test price', origin }, ({ trx }) =>
    trx
      .updateTable('device_prices')
      .set({ base_price_cents: cents })
      .where('device_id', '=', deviceId)
      .where('edition', '=', 'de')
      .execute(),
  );
}

/** Retires one device, as a catalogue change of its own. */
async function retire(db: TradeDb, deviceId: number): Promise<void> {
  await runCatalogueChange(db, { kind: 'catalogue', note: 'test retire', origin }, ({ trx, now }) =>
    trx
      .updateTable('devices')
      .set({ retired_at: now.toISOString() })
      .where('id', '=', deviceId)
      .execute(),
  );
}

/** A fresh database with the seed catalogue. */
async function seededDatabase(engine: TestDatabase): Promise<TradeDb> {
  const db = await engine.create();
  await migrateToLatest(db);
  await seedCatalogue(db, buildCatalogue());
  return db;
}

describe.each(testDatabases())('the live catalogue on $name', (engine) => {
  let db: TradeDb;
  beforeAll(async () => {
    db = await seededDatabase(engine);
  }, 120_000);
  afterAll(() => engine.destroy(db));

  it('serves a price change after reloading only the prices, keeping its search indexes', async () => {
    const live = await openLiveCatalogue(db, { pollMs: 0 });
    try {
      const before = await firstHit(live.search);
      if (before === undefined) throw new Error('the seed has no iPhone 13 Pro');
      const indexes = live.current().indexes;
      const revision = live.current().revision;

      await setBasePrice(db, before.id, before.bestPriceCents + 12_345);
      // Until the node looks, it serves what it loaded.
      expect((await firstHit(live.search))?.bestPriceCents).toBe(before.bestPriceCents);
      await live.refresh();

      expect((await firstHit(live.search))?.bestPriceCents).toBe(before.bestPriceCents + 12_345);
      expect(live.current().revision).toBeGreaterThan(revision);
      expect(live.current().indexes).toBe(indexes);
    } finally {
      live.close();
    }
  });

  it('serves a changed answer factor in the best prices', async () => {
    const live = await openLiveCatalogue(db, { pollMs: 0 });
    try {
      const before = await firstHit(live.search, 'galaxy s23');
      if (before === undefined) throw new Error('the seed has no Galaxy S23');
      const grade = live
        .current()
        .catalogue.questions.find(
          (question) => question.categoryId === before.categoryId && question.code === 'GRADE',
        );
      const best = grade?.answers.find((answer) => answer.code === 'GRADE_NEW');
      if (grade === undefined || best === undefined) throw new Error('no GRADE_NEW answer');
      await runCatalogueChange(db, { kind: 'prices', note: 'factor', origin }, ({ trx }) =>
        trx
          .updateTable('answers')
          .set({ price_factor: 1.1 })
          .where('question_id', '=', grade.id)
          .where('id', '=', best.id)
          .execute(),
      );
      await live.refresh();
      expect((await firstHit(live.search, 'galaxy s23'))?.bestPriceCents).toBe(
        Math.trunc((before.bestPriceCents * 11_000) / 10_000),
      );
    } finally {
      live.close();
    }
  });

  it('rebuilds its indexes after a catalogue change: a retired device is found by url only', async () => {
    const live = await openLiveCatalogue(db, { pollMs: 0 });
    try {
      const hit = await firstHit(live.search, 'iphone 12 mini');
      if (hit === undefined) throw new Error('the seed has no iPhone 12 mini');
      const indexes = live.current().indexes;
      await retire(db, hit.id);
      await live.refresh();

      expect(live.current().indexes).not.toBe(indexes);
      const after = await live.search(
        { kind: 'deviceSearch', text: 'iphone 12 mini' },
        application,
        20,
      );
      expect(devicesOf(after).map((device) => device.id)).not.toContain(hit.id);
      const byUrl = await live.search({ kind: 'deviceByUrl', url: hit.url }, application, 1);
      expect(devicesOf(byUrl).map((device) => device.id)).toEqual([hit.id]);
      const series = await live.search(
        { kind: 'devicesBySeries', seriesId: hit.seriesId },
        application,
        100,
      );
      expect(devicesOf(series).length).toBeGreaterThan(0);
      expect(devicesOf(series).map((device) => device.id)).not.toContain(hit.id);
    } finally {
      live.close();
    }
  });
});

/** A node as `npm run start:api` opens it, on the test database, serving on loopback. */
async function startNode(
  engine: TestDatabase,
  db: TradeDb,
): Promise<{ api: OpenTradeApi; app: FastifyInstance; origin: string }> {
  const config = readTradeApiConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'a-secret-that-every-node-of-this-test-shares-0002',
    PUBLIC_ORIGIN: 'https://shop.example',
    DATA_DIR: engine.name === 'sqlite' ? undefined : '/nonexistent',
    ...engine.settings(db),
  });
  const api = await openTradeApi(config, { log: () => undefined });
  const app = Fastify();
  await app.register(buildTradeApi(api.options));
  return { api, app, origin: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

/** POSTs a search to a node; answers the status and the parsed result. */
async function searchOver(nodeOrigin: string, query: SearchQuery, size = 5) {
  const response = await fetch(`${nodeOrigin}/api/trade/searches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(buildSearchRequest(query, 'devices_de', size)),
  });
  const body: unknown = await response.json();
  const result = searchResultSchema.parse(body);
  return { status: response.status, result, devices: devicesOf(result) };
}

describe.each(testDatabases())('two API nodes on one $name database', (engine) => {
  let db: TradeDb;
  const nodes: { api: OpenTradeApi; app: FastifyInstance; origin: string }[] = [];
  beforeAll(async () => {
    db = await seededDatabase(engine);
    nodes.push(await startNode(engine, db), await startNode(engine, db));
  }, 120_000);
  afterAll(async () => {
    for (const node of nodes) {
      await node.app.close();
      await node.api.close();
    }
    await engine.destroy(db);
  });

  it('both answer a price change within 5 seconds, without a restart', async () => {
    const [first] = (await searchOver(nodes[0]?.origin ?? '', iphoneSearch)).devices;
    if (first === undefined) throw new Error('the seed has no iPhone 13 Pro');
    const changed = first.bestPriceCents + 4_200;
    const writer = engine.connectAgain(db);
    const start = performance.now();
    try {
      await setBasePrice(writer, first.id, changed);
    } finally {
      await writer.destroy();
    }
    const seenAfter: number[] = [];
    for (const node of nodes) {
      for (;;) {
        const [hit] = (await searchOver(node.origin, iphoneSearch)).devices;
        if (hit?.bestPriceCents === changed) break;
        if (performance.now() - start > 5_000) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      seenAfter.push(performance.now() - start);
    }
    expect(seenAfter.every((elapsed) => elapsed <= 5_000)).toBe(true);
    for (const node of nodes) {
      expect((await searchOver(node.origin, iphoneSearch)).devices[0]?.bestPriceCents).toBe(
        changed,
      );
    }
  }, 30_000);

  it('answers every search while it rebuilds its indexes', async () => {
    const node = nodes[0];
    if (node === undefined) throw new Error('no node');
    const [victim] = (await searchOver(node.origin, { kind: 'deviceSearch', text: 'pixel 8' }))
      .devices;
    if (victim === undefined) throw new Error('the seed has no Pixel 8');
    await retire(db, victim.id);

    const phase = { rebuilding: true };
    const answered: { status: number; hits: number; during: boolean }[] = [];
    const searcher = async () => {
      while (phase.rebuilding) {
        const { status, devices } = await searchOver(node.origin, {
          kind: 'deviceSearch',
          text: 'galaxy s23',
        });
        answered.push({ status, hits: devices.length, during: phase.rebuilding });
      }
    };
    // The database stays free for other requests meanwhile (a SQLite node has one connection).
    const healthChecks: { status: number; during: boolean }[] = [];
    const checker = async () => {
      while (phase.rebuilding) {
        const response = await fetch(`${node.origin}/api/health`);
        healthChecks.push({ status: response.status, during: phase.rebuilding });
      }
    };
    const searchers = [...Array.from({ length: 8 }, searcher), checker()];
    // Let the searchers start, then rebuild on this node now rather than at its next poll.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await node.api.catalogue.refresh();
    phase.rebuilding = false;
    await Promise.all(searchers);

    expect(answered.filter((entry) => entry.during).length).toBeGreaterThan(0);
    expect(answered.every((entry) => entry.status === 200 && entry.hits > 0)).toBe(true);
    expect(
      healthChecks.filter((entry) => entry.during && entry.status === 200).length,
    ).toBeGreaterThan(0);
    const after = await searchOver(node.origin, { kind: 'deviceSearch', text: 'pixel 8' }, 20);
    expect(after.devices.map((device) => device.id)).not.toContain(victim.id);
  }, 60_000);
});

const postgres = testDatabases().find((engine) => engine.name === 'postgres');

describe.runIf(postgres !== undefined)('a node whose PostgreSQL goes away', () => {
  it('keeps serving its catalogue, says so once, and follows changes again when it is back', async () => {
    if (postgres === undefined) return;
    const { base, proxy, db, close } = await databaseBehindProxy(postgres);
    await seedCatalogue(base, buildCatalogue());
    const lines: string[] = [];
    const live = await openLiveCatalogue(db, { pollMs: 50, log: (line) => lines.push(line) });
    try {
      const before = await firstHit(live.search);
      if (before === undefined) throw new Error('the seed has no iPhone 13 Pro');
      await proxy.refuse();
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(
        lines.filter((line) => line.startsWith('Could not look for catalogue changes')),
      ).toHaveLength(1);
      expect((await firstHit(live.search))?.bestPriceCents).toBe(before.bestPriceCents);

      await setBasePrice(base, before.id, before.bestPriceCents + 100);
      await proxy.restore();
      for (let tries = 0; tries < 100; tries += 1) {
        if ((await firstHit(live.search))?.bestPriceCents === before.bestPriceCents + 100) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await firstHit(live.search))?.bestPriceCents).toBe(before.bestPriceCents + 100);
      expect(lines.filter((line) => line.startsWith('The catalogue reloads again'))).toHaveLength(
        1,
      );
    } finally {
      live.close();
      await close();
    }
  }, 60_000);
});
