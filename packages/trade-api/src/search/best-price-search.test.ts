import {
  offerSchema,
  type DeviceSummary,
  type OfferAnswer,
  type SearchQuery,
} from '@tradein/contract';
import type { EditionCode } from '@tradein/editions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequestInit } from '../../test-kit/api-call.ts';
import { postSearch } from '../../test-kit/search-call.ts';
import { testCatalogue } from '../../test-kit/stored-catalogue.ts';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { startTestServer, type RunningServer } from '../../test-kit/test-server.ts';
import type { TradeDb } from '../db/create-database.ts';
import { loadCatalogue } from '../db/load-catalogue.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { registerOfferRoutes } from '../trades/offers.ts';
import { createCatalogueSearch } from './catalogue-search.ts';

/*
 * The best price through the real server, as a node serves it: the catalogue seeded into the
 * database, read back by `loadCatalogue` (the tables offers are priced from), searched per
 * edition, and compared with the offer the same server makes for the best answers.
 */

const sqlite = testDatabases().find((database) => database.name === 'sqlite');
if (!sqlite) throw new Error('SQLite test database missing');

/** Device 1000 ("Model 0 128 GB") gets prices that differ clearly between de and fr. */
const prices: Partial<Record<EditionCode, number>> = { de: 41_000, fr: 38_950 };
/** Device 1001 is worth less working than broken, so its recycling price is its best. */
const lowBaseCents = 100;

let db: TradeDb;
let server: RunningServer;

beforeAll(async () => {
  const catalogue = testCatalogue(6);
  for (const device of catalogue.devices) {
    if (device.id === 1000) {
      device.basePrices = { ...device.basePrices, ...prices };
    } else if (device.id === 1001) {
      device.basePrices = { ...device.basePrices, de: lowBaseCents };
    }
  }
  db = await sqlite.create();
  await migrateToLatest(db);
  await seedCatalogue(db, catalogue);
  server = await startTestServer(db, {
    search: createCatalogueSearch(await loadCatalogue(db)),
    extend: (route) => registerOfferRoutes(route, { db, clock: () => new Date() }),
  });
});
afterAll(async () => {
  await server.close();
  await sqlite.destroy(db);
});

/** {@link postSearch} on this file's server. */
const search = (edition: EditionCode, query: SearchQuery, size?: number) =>
  postSearch(server.origin, edition, query, size);

async function deviceHit(edition: EditionCode, text: string, id: number): Promise<DeviceSummary> {
  const result = await search(edition, { kind: 'deviceSearch', text });
  const hit =
    result.kind === 'deviceSearch'
      ? result.hits.find((each) => each.variants.some((variant) => variant.id === id))
      : undefined;
  if (hit === undefined) throw new Error(`"${text}" did not find device ${id} in ${edition}`);
  return hit;
}

async function offerCents(edition: EditionCode, deviceId: number, answers: OfferAnswer[]) {
  const response = await fetch(
    `${server.origin}/api/trade/offers`,
    apiRequestInit('POST', { body: { edition, deviceId, answers } }),
  );
  expect(response.status).toBe(200);
  return offerSchema.parse(await response.json()).priceCents;
}

/** Powers on, like new: every factor 1. */
const bestAnswers: OfferAnswer[] = [
  { questionId: 11, answerId: 1 },
  { questionId: 12, answerId: 1 },
];
/** Does not power on: the recycling price. */
const brokenAnswers: OfferAnswer[] = [
  { questionId: 11, answerId: 2 },
  { questionId: 12, answerId: 1 },
];

describe('best price in the search answer', () => {
  it.each(['de', 'fr'] as const)(
    'carries the price of the requesting edition (%s), equal to the best offer',
    async (edition) => {
      const hit = await deviceHit(edition, 'Model 0', 1000);
      const variant = hit.variants.find((each) => each.id === 1000);
      expect(variant?.bestPriceCents).toBe(prices[edition]);
      expect(variant?.bestPriceCents).toBe(await offerCents(edition, 1000, bestAnswers));
      expect([hit.id, hit.bestPriceCents]).toEqual([1000, prices[edition]]);
    },
  );

  it('differs between editions with different price lists', async () => {
    const [de, fr] = await Promise.all([
      deviceHit('de', 'Model 0', 1000),
      deviceHit('fr', 'Model 0', 1000),
    ]);
    expect(de.bestPriceCents).not.toBe(fr.bestPriceCents);
  });

  it('is the recycling price where it pays more than a working device', async () => {
    const recycling = await offerCents('de', 1001, brokenAnswers);
    expect(recycling).toBeGreaterThan(lowBaseCents);
    const hit = await deviceHit('de', 'Model 0', 1001);
    expect(hit.variants.find((each) => each.id === 1001)?.bestPriceCents).toBe(recycling);
    // In fr the same device keeps its normal base price.
    const fr = await deviceHit('fr', 'Model 0', 1001);
    expect(fr.variants.find((each) => each.id === 1001)?.bestPriceCents).toBe(
      await offerCents('fr', 1001, bestAnswers),
    );
  });

  it('is on the device a product page asks for and on the devices of a series', async () => {
    const lookup = await search('fr', { kind: 'deviceByUrl', url: 'device-1000-vendre' });
    expect(lookup.kind === 'deviceByUrl' && lookup.hits[0]?.bestPriceCents).toBe(prices.fr);
    const series = await search('de', { kind: 'devicesBySeries', seriesId: 100 });
    const listed = series.kind === 'devicesBySeries' ? series.hits : [];
    expect(listed.find((device) => device.id === 1000)?.bestPriceCents).toBe(prices.de);
  });
});
