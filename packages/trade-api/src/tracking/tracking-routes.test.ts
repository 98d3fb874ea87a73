import { clientIdSchema } from '@tradein/contract';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeDb } from '../db/create-database.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import { startTestServer, type RunningServer } from '../../test-kit/test-server.ts';
import { registerTrackingRoutes } from './tracking-routes.ts';

/** A valid offer event of a client. */
const offerEvent = (clientId: string, deviceId = 1000) => ({
  clientId,
  applicationId: 'tradein-de',
  url: 'https://www.tradein.de/verkaufen/smartphones',
  eventName: 'offer_generated',
  deviceId,
  offerId: '0b9a5f52-6d3c-4d2a-9a51-1c3b2f0e4d11',
  revenue: 12_345,
  currency: 'EUR',
  utm_source: 'newsletter',
});

const limits = { eventsPerWindow: 4, windowMs: 60_000, duplicateWindowMs: 30_000 };

describe.each(testDatabases())('tracking routes on $name', (engine) => {
  let db: TradeDb;
  let server: RunningServer;
  let now = new Date('2026-03-01T09:00:00.000Z');

  const post = (body: unknown) =>
    fetch(`${server.origin}/api/controlling/controlling`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const newClientId = async (): Promise<string> => {
    const response = await fetch(`${server.origin}/api/client-id`);
    return ((await response.json()) as { hash: string }).hash;
  };
  const eventsOf = (clientId: string) =>
    db
      .selectFrom('controlling_events')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    db = await engine.create();
    await migrateToLatest(db);
    server = await startTestServer(db, {
      extend: (route) => registerTrackingRoutes(route, { db, clock: () => now, limits }),
    });
  });
  afterAll(async () => {
    await server.close();
    await engine.destroy(db);
  });

  it('issues a random client id, stores it with its time and forbids caching', async () => {
    const response = await fetch(`${server.origin}/api/client-id`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('set-cookie')).toBeNull();
    const { hash } = (await response.json()) as { hash: string };
    expect(clientIdSchema.safeParse(hash).success).toBe(true);
    expect(hash).toHaveLength(43);
    const row = await db
      .selectFrom('client_ids')
      .selectAll()
      .where('id', '=', hash)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      id: hash,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
    });
  });

  it('never issues the same client id twice', async () => {
    const hashes = await Promise.all(Array.from({ length: 40 }, () => newClientId()));
    expect(new Set(hashes).size).toBe(40);
  });

  it('stores an event of an issued client id with all its fields', async () => {
    const clientId = await newClientId();
    now = new Date('2026-03-01T10:00:00.000Z');
    const response = await post({ ...offerEvent(clientId), voucherCode: 'WELCOME10' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const [event, ...others] = await eventsOf(clientId);
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      client_id: clientId,
      application_id: 'tradein-de',
      url: 'https://www.tradein.de/verkaufen/smartphones',
      event_name: 'offer_generated',
      created_at: '2026-03-01T10:00:00.000Z',
    });
    expect(JSON.parse(event?.payload ?? '')).toEqual({
      currency: 'EUR',
      deviceId: 1000,
      offerId: '0b9a5f52-6d3c-4d2a-9a51-1c3b2f0e4d11',
      revenue: 12_345,
      utm_source: 'newsletter',
      voucherCode: 'WELCOME10',
    });
    const client = await db
      .selectFrom('client_ids')
      .select('last_seen_at')
      .where('id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(client.last_seen_at).toBe('2026-03-01T10:00:00.000Z');
  });

  it.each([
    ['marketing_touchpoint', { gclid: 'abc', utm_campaign: 'spring' }],
    ['offer_add_to_cart', { deviceId: 7, offerId: '0b9a5f52-6d3c-4d2a-9a51-1c3b2f0e4d12' }],
    ['trade_created', { tradeId: 55, revenue: 9900, voucherValue: 500 }],
  ])('stores a %s event', async (eventName, fields) => {
    const clientId = await newClientId();
    const response = await post({
      clientId,
      applicationId: 'tradein-fr',
      url: 'https://www.tradein.fr/',
      eventName,
      ...fields,
    });
    expect(response.status).toBe(200);
    const events = await eventsOf(clientId);
    expect(events.map((event) => [event.event_name, JSON.parse(event.payload)])).toEqual([
      [eventName, fields],
    ]);
  });

  it('rejects a client id it never issued and stores nothing', async () => {
    const before = await rowCounts(db);
    const response = await post(offerEvent('made-up-client-id-123'));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'unknown_client_id',
        message: 'The client id was not issued by this service',
        fields: [
          { path: 'clientId', message: 'Unknown client id; fetch a new one from /api/client-id' },
        ],
      },
    });
    expect(await rowCounts(db)).toEqual(before);
  });

  it.each([
    ['offer_generated without deviceId', { deviceId: undefined }, 'deviceId'],
    ['an unknown event name', { eventName: 'page_view' }, 'eventName'],
    ['a relative url', { url: '/verkaufen' }, 'url'],
    ['negative revenue', { revenue: -1 }, 'revenue'],
  ])('answers 400 naming the field for %s', async (_case, change, field) => {
    const clientId = await newClientId();
    const response = await post({ ...offerEvent(clientId), ...change });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: { fields: { path: string }[] } };
    expect(answer.error.fields.map((entry) => entry.path)).toContain(field);
    expect(await eventsOf(clientId)).toEqual([]);
  });

  it('stores a retried identical event once, and again after the retry window', async () => {
    const clientId = await newClientId();
    now = new Date('2026-03-02T09:00:00.000Z');
    expect((await post(offerEvent(clientId))).status).toBe(200);
    now = new Date('2026-03-02T09:00:29.000Z');
    expect((await post(offerEvent(clientId))).status).toBe(200);
    expect(await eventsOf(clientId)).toHaveLength(1);
    now = new Date('2026-03-02T09:00:31.000Z');
    expect((await post(offerEvent(clientId))).status).toBe(200);
    expect(await eventsOf(clientId)).toHaveLength(2);
  });

  it('limits the events of one client per window with 429', async () => {
    const clientId = await newClientId();
    const other = await newClientId();
    now = new Date('2026-03-03T09:00:00.000Z');
    for (let deviceId = 1; deviceId <= limits.eventsPerWindow; deviceId += 1) {
      expect((await post(offerEvent(clientId, deviceId))).status).toBe(200);
    }
    const limited = await post(offerEvent(clientId, 99));
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe(
      'too_many_requests',
    );
    // Another client is not affected, and the limit lifts once the window has passed.
    expect((await post(offerEvent(other, 99))).status).toBe(200);
    now = new Date('2026-03-03T09:01:00.001Z');
    expect((await post(offerEvent(clientId, 99))).status).toBe(200);
    expect(await eventsOf(clientId)).toHaveLength(limits.eventsPerWindow + 1);
  });

  it('never answers arbitrary bodies with a 5xx and never changes the database', async () => {
    const before = await rowCounts(db);
    const nearlyValid = fc.record(
      {
        clientId: fc.oneof(fc.string(), fc.constant('well-formed-but-unknown-id')),
        applicationId: fc.oneof(fc.string(), fc.constant('tradein-de')),
        url: fc.oneof(fc.string(), fc.constant('https://www.tradein.de/')),
        eventName: fc.oneof(fc.string(), fc.constantFrom('marketing_touchpoint', 'trade_created')),
        deviceId: fc.oneof(fc.integer(), fc.double(), fc.string()),
        revenue: fc.oneof(fc.integer(), fc.double(), fc.string()),
        utm_source: fc.oneof(fc.string(), fc.string({ minLength: 501, maxLength: 600 })),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), nearlyValid), async (body) => {
        const response = await post(body);
        const answer = (await response.json()) as { error?: { code?: unknown } };
        return response.status === 400 && typeof answer.error?.code === 'string';
      }),
      { numRuns: 150 },
    );
    expect(await rowCounts(db)).toEqual(before);
  });
});
