import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanupIntervalMs } from '../server/periodic-cleanup.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { testCatalogue } from '../../test-kit/stored-catalogue.ts';
import { testDatabases, useMigratedDatabase } from '../../test-kit/test-databases.ts';
import { startTestServer, testConfig } from '../../test-kit/test-server.ts';
import {
  createCustomer,
  insertOffer,
  startTradesFixture,
  type TradesFixture,
} from '../../test-kit/trade-test-kit.ts';
import { inspectTrade, receiveTrade } from './lifecycle-steps.ts';
import { clarifyTrade } from './offer-revision.ts';
import { deleteUnusedOffers } from './offer-cleanup.ts';
import { registerOfferRoutes } from './offers.ts';
import { dayMs } from '../time/day.ts';

describe.each(testDatabases())('offers that were never traded, on $name', (engine) => {
  let fixture: TradesFixture;
  const start = new Date('2026-03-02T09:00:00.000Z');
  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
  });
  afterAll(() => fixture.close());

  const at = (days: number) => new Date(start.getTime() + days * dayMs);
  const createOffer = () => fixture.requestPhoneOffer(1000, 3);
  const offerIds = async () =>
    (await fixture.db.selectFrom('offers').select('id').execute()).map((row) => row.id);

  it('tell their expiry, and are deleted once it passed, unless a trade or clarification holds them', async () => {
    fixture.setNow(start);
    const traded = await createOffer();
    const unused = await createOffer();
    // The offer answer says how long the offer holds: the 14 days of the cart.
    expect(unused.validUntil).toBe(at(14).toISOString());

    const customer = await fixture.createCustomer();
    const trade = await fixture.checkOut(customer.id, [{ offerId: traded.offerId, quantity: 1 }]);
    await receiveTrade(fixture.deps, trade.tradeNumber);
    await inspectTrade(fixture.deps, trade.tradeNumber, { item: 1, findings: {} });
    await clarifyTrade({ ...fixture.deps, links: testConfig }, trade.tradeNumber, {
      item: 1,
      priceCents: 100,
    });
    const revised = (await offerIds()).find((id) => id !== traded.offerId && id !== unused.offerId);
    expect(revised).toBeDefined();

    fixture.setNow(at(3));
    const recent = await createOffer();

    // A second before the expiry nothing goes.
    expect(await deleteUnusedOffers(fixture.db, new Date(at(14).getTime() - 1000))).toBe(0);
    expect(await deleteUnusedOffers(fixture.db, at(15))).toBe(1);
    expect((await offerIds()).toSorted()).toEqual(
      [traded.offerId, revised, recent.offerId].toSorted(),
    );
    const gone = await fixture.call('GET', `/api/trade/offers/${unused.offerId}`);
    expect(gone.status).toBe(404);
    // The trade reads as before.
    const read = await fixture.call('GET', `/api/trade/trades/${trade.tradeNumber}`, {
      customer: customer.id,
    });
    expect(read.status).toBe(200);
  });

  it('deletes in batches until none is left', async () => {
    const expired = '2026-01-01T00:00:00.000Z';
    for (let index = 0; index < 1005; index += 1) {
      await fixture.insertOffer({ priceCents: 100, validUntil: expired });
    }
    expect(await deleteUnusedOffers(fixture.db, at(1))).toBe(1005);
  });
});

describe.each(testDatabases())('the periodic clean-up of an API node on $name', (engine) => {
  const getDb = useMigratedDatabase(engine);
  let now = new Date('2026-06-01T12:00:00.000Z');
  afterEach(() => {
    vi.useRealTimers();
  });

  it('deletes expired offers, ended rate-limit windows and day-old checkout keys every quarter of an hour', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const db = getDb();
    await seedCatalogue(db, testCatalogue(2));
    const server = await startTestServer(db, {
      clock: () => now,
      extend: (route) => registerOfferRoutes(route, { db, clock: () => now }),
    });
    try {
      const expired = await insertOffer(db, {
        priceCents: 100,
        validUntil: '2026-06-01T12:10:00.000Z',
      });
      const valid = await insertOffer(db, {
        priceCents: 100,
        validUntil: '2026-06-20T00:00:00.000Z',
      });
      await db
        .insertInto('rate_limit_counters')
        .values([
          {
            scope: 'POST /api/trade/offers',
            client: '203.0.113.1',
            hits: 3,
            window_ends_at: '2026-06-01T12:01:00.000Z',
          },
          {
            scope: 'POST /api/trade/offers',
            client: '203.0.113.2',
            hits: 1,
            window_ends_at: '2026-06-01T12:16:00.000Z',
          },
        ])
        .execute();
      const customer = await createCustomer(db);
      const checkoutKey = (key: string, createdAt: string) => ({
        customer_id: customer.id,
        idempotency_key: key,
        request_hash: 'hash',
        trade_id: null,
        sealed_response: null,
        locked_by: null,
        locked_until: null,
        created_at: createdAt,
      });
      await db
        .insertInto('checkout_idempotency_keys')
        .values([
          checkoutKey('a-day-old', '2026-05-31T12:15:00.000Z'),
          checkoutKey('younger', '2026-05-31T12:15:00.001Z'),
        ])
        .execute();

      now = new Date('2026-06-01T12:15:00.000Z');
      vi.advanceTimersByTime(cleanupIntervalMs);
      await vi.waitFor(async () => {
        const offers = await db.selectFrom('offers').select('id').execute();
        expect(offers.map((offer) => offer.id)).toEqual([valid]);
      });
      expect(expired).not.toBe(valid);
      const counters = await db.selectFrom('rate_limit_counters').select('client').execute();
      expect(counters.map((counter) => counter.client)).toEqual(['203.0.113.2']);
      // The keys go last in a clean-up run.
      await vi.waitFor(async () => {
        const keys = await db
          .selectFrom('checkout_idempotency_keys')
          .select('idempotency_key')
          .execute();
        expect(keys.map((row) => row.idempotency_key)).toEqual(['younger']);
      });
    } finally {
      await server.close();
    }
  });
});
