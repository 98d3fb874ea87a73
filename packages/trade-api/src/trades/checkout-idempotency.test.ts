import {
  apiErrorCode,
  createTradeEndpoint,
  type CheckoutRequest,
  type CreatedTrade,
} from '@tradein/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../test-kit/outbox-mail.ts';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import { startTestServer, testConfig, type RunningServer } from '../../test-kit/test-server.ts';
import {
  checkoutBody,
  startTradesFixture,
  type TradesFixture,
} from '../../test-kit/trade-test-kit.ts';
import type { TradeDb } from '../db/create-database.ts';
import { HttpError } from '../server/http-error.ts';
import { checkout } from './checkout.ts';
import {
  checkoutRequestHash,
  deleteExpiredIdempotencyKeys,
  idempotencyClaimMs,
} from './checkout-idempotency.ts';
import { registerTradeRoutes } from './trade-routes.ts';

const hourMs = 60 * 60 * 1000;

/** A checkout body as the server reads it. */
const parsedRequest = (body: unknown) => createTradeEndpoint.body.parse(body);

/** An answer of a checkout, read once. */
interface Answer {
  status: number;
  retryAfter: string | null;
  body: CreatedTrade & { error?: { code: string; message: string; fields?: unknown } };
}

/**
 * Checkout with an `Idempotency-Key`: a retry of the same checkout answers the trade it made,
 * on any node, for 24 hours; the key is the customer's own.
 */
describe.each(testDatabases())('the Idempotency-Key of checkout on $name', (engine) => {
  let fixture: TradesFixture;
  let otherNode: TradeDb;
  let otherServer: RunningServer;
  let now = new Date('2026-03-02T09:00:00.000Z');
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
    fixture.setNow(now);
  };
  const clock = () => now;

  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
    fixture.setNow(now);
    // A second API node: its own connection pool, the same database and outbox.
    otherNode = engine.connectAgain(fixture.db);
    otherServer = await startTestServer(otherNode, {
      authenticate: (request) => {
        const id = request.headers['x-test-customer'];
        return typeof id === 'string'
          ? Promise.resolve({ customerId: id })
          : Promise.reject(new HttpError(401, apiErrorCode.unauthorized, 'Log in first'));
      },
      extend: (route) => {
        registerTradeRoutes(route, {
          db: otherNode,
          mailer: fixture.deps.mailer,
          clock,
          config: testConfig,
        });
      },
    });
  });
  afterAll(async () => {
    await otherServer.close();
    await otherNode.destroy();
    await fixture.close();
  });

  /** Posts a checkout as the customer with the key, to the first node or the other one. */
  async function post(
    customerId: string,
    body: unknown,
    key: string | undefined,
    node: 'first' | 'other' = 'first',
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-test-customer': customerId,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    };
    const origin = node === 'first' ? fixture.server.origin : otherServer.origin;
    const response = await fetch(`${origin}/api/trade/trades`, {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as Answer['body'],
    };
  }

  /** A checkout body of one fresh offer of a device. */
  async function freshBody(deviceId = 1000): Promise<CheckoutRequest> {
    const offer = await fixture.requestPhoneOffer(deviceId, 1);
    return checkoutBody([{ offerId: offer.offerId, quantity: 1 }]);
  }

  async function tradesOf(customerId: string): Promise<string[]> {
    const rows = await fixture.db
      .selectFrom('trades')
      .select('trade_number')
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.trade_number);
  }

  async function confirmationsTo(email: string) {
    return (await mailsTo(fixture.outboxDir, email)).filter(
      (mail) => mail.kind === 'trade-confirmation',
    );
  }

  it('answers a retry with the same trade and the same body, on any node, without a second mail', async () => {
    const customer = await fixture.createCustomer();
    const body = await freshBody();
    const key = crypto.randomUUID();
    const first = await post(customer.id, body, key);
    expect(first.status).toBe(201);

    advance(5 * 60_000);
    const again = await post(customer.id, body, key);
    const elsewhere = await post(customer.id, body, key, 'other');
    // The same JSON written in another key order is the same request.
    const reordered = Object.fromEntries(Object.entries(body).toReversed());
    const reorderedAnswer = await post(customer.id, reordered, key);
    for (const answer of [again, elsewhere, reorderedAnswer]) {
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual(first.body);
    }
    expect(await tradesOf(customer.id)).toEqual([first.body.tradeNumber]);
    expect(await confirmationsTo(customer.email)).toHaveLength(1);
  });

  it("gives a guest's retry the same one-time account claim, and keeps it sealed in the database", async () => {
    const guest = await fixture.createCustomer({ guest: true });
    const body = await freshBody();
    const key = crypto.randomUUID();
    const first = await post(guest.id, body, key);
    expect(first.status).toBe(201);
    expect(first.body.accountClaim).toEqual(expect.any(String));
    const again = await post(guest.id, body, key, 'other');
    expect(again.body).toEqual(first.body);

    const row = await fixture.db
      .selectFrom('checkout_idempotency_keys')
      .selectAll()
      .where('customer_id', '=', guest.id)
      .executeTakeFirstOrThrow();
    expect(row.sealed_response).not.toContain(first.body.accountClaim ?? '');
    expect(row.sealed_response).not.toContain(first.body.tradeNumber);
    expect(row).toMatchObject({ idempotency_key: key, locked_by: null, locked_until: null });
    expect(row.request_hash).toBe(checkoutRequestHash(parsedRequest(body)));
  });

  it('answers the trade again when the JWT secret changed since (without the spent claim)', async () => {
    const guest = await fixture.createCustomer({ guest: true });
    const body = await freshBody();
    const key = crypto.randomUUID();
    const first = await post(guest.id, body, key);
    const deps = {
      db: fixture.db,
      mailer: fixture.deps.mailer,
      clock,
      config: { ...testConfig, jwtSecret: 'another-secret-that-is-long-enough-for-hs256' },
    };
    const again = await checkout(deps, guest.id, parsedRequest(body), 'x', key);
    expect(again.tradeNumber).toBe(first.body.tradeNumber);
    expect(again.accountClaim).toBeNull();
    expect(await tradesOf(guest.id)).toEqual([first.body.tradeNumber]);
  });

  it('refuses the key for another request, and stores nothing for a refused checkout', async () => {
    const customer = await fixture.createCustomer();
    const key = crypto.randomUUID();
    const body = await freshBody();

    // A refused checkout stores nothing: the same key then runs a corrected request anew.
    const unknownOffer = checkoutBody([
      { offerId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
    ]);
    const before = await rowCounts(fixture.db);
    const refused = await post(customer.id, unknownOffer, key);
    expect(refused.status).toBe(400);
    expect(await rowCounts(fixture.db)).toEqual(before);
    const created = await post(customer.id, body, key);
    expect(created.status).toBe(201);

    const other = await post(customer.id, await freshBody(1001), key);
    expect(other.status).toBe(422);
    expect(other.body.error).toMatchObject({
      code: apiErrorCode.idempotencyKeyReused,
      message: expect.stringContaining('Idempotency-Key was used for another checkout request'),
    });
    expect(await tradesOf(customer.id)).toEqual([created.body.tradeNumber]);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['with a tab', 'key\twith-tab'],
  ])('refuses a key that is %s with a 400 naming the header', async (_name, key) => {
    const customer = await fixture.createCustomer();
    const body = await freshBody();
    const before = await rowCounts(fixture.db);
    const answer = await post(customer.id, body, key);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: apiErrorCode.validationFailed,
      fields: [
        {
          path: 'headers.idempotency-key',
          message: 'Idempotency-Key must be 1–255 printable ASCII characters',
        },
      ],
    });
    expect(await rowCounts(fixture.db)).toEqual(before);
  });

  it("keeps each customer's keys apart: another customer's same key is a new checkout", async () => {
    const anna = await fixture.createCustomer();
    const ben = await fixture.createCustomer();
    const key = 'order-attempt-1';
    const annasBody = await freshBody();
    const annas = await post(anna.id, annasBody, key);
    expect(annas.status).toBe(201);
    // Ben sends Anna's key with her very body: it is a checkout of his own, not her answer.
    const copied = await post(ben.id, annasBody, key, 'other');
    expect(copied.status).toBe(400);
    expect(copied.body.error?.fields).toEqual([
      { path: 'offers.0.offerId', message: 'The offer has already been traded' },
    ]);
    const bens = await post(ben.id, await freshBody(), key);
    expect(bens.status).toBe(201);
    expect(bens.body.tradeNumber).not.toBe(annas.body.tradeNumber);
    expect(await tradesOf(ben.id)).toEqual([bens.body.tradeNumber]);
    expect(await tradesOf(anna.id)).toEqual([annas.body.tradeNumber]);
  });

  it('tells a retry to wait while the first checkout runs, and takes over a claim whose node died', async () => {
    const customer = await fixture.createCustomer();
    const body = await freshBody();
    const key = crypto.randomUUID();
    // A checkout with this key is running on a node (which then dies).
    await fixture.db
      .insertInto('checkout_idempotency_keys')
      .values({
        customer_id: customer.id,
        idempotency_key: key,
        request_hash: checkoutRequestHash(parsedRequest(body)),
        trade_id: null,
        sealed_response: null,
        locked_by: 'node-that-dies',
        locked_until: new Date(now.getTime() + idempotencyClaimMs).toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
    const waiting = await post(customer.id, body, key, 'other');
    expect(waiting.status).toBe(409);
    expect(waiting.retryAfter).toBe('1');
    expect(waiting.body.error).toMatchObject({
      code: apiErrorCode.idempotencyKeyInUse,
      message: expect.stringContaining('still being processed'),
    });
    expect(await tradesOf(customer.id)).toEqual([]);

    // Its claim lapses: nothing was committed, so the retry runs the checkout.
    advance(idempotencyClaimMs);
    const created = await post(customer.id, body, key);
    expect(created.status).toBe(201);
    expect((await post(customer.id, body, key, 'other')).body).toEqual(created.body);
    expect(await tradesOf(customer.id)).toEqual([created.body.tradeNumber]);
  });

  it('runs parallel requests with one key as one checkout on two nodes', async () => {
    const customer = await fixture.createCustomer();
    const body = await freshBody();
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        post(customer.id, body, key, index % 2 === 0 ? 'first' : 'other'),
      ),
    );
    const created = answers.filter((answer) => answer.status === 201);
    const waiting = answers.filter((answer) => answer.status === 409);
    expect(created.length + waiting.length).toBe(answers.length);
    expect(created.length).toBeGreaterThan(0);
    for (const answer of created) expect(answer.body).toEqual(created[0]?.body);
    for (const answer of waiting) {
      expect(answer.body.error?.code).toBe(apiErrorCode.idempotencyKeyInUse);
      expect(answer.retryAfter).toBe('1');
    }
    expect(await tradesOf(customer.id)).toEqual([created[0]?.body.tradeNumber]);
    expect(await confirmationsTo(customer.email)).toHaveLength(1);
    // Once it is done, every retry gets its answer.
    expect((await post(customer.id, body, key, 'other')).body).toEqual(created[0]?.body);
  });

  it('frees the key after 24 hours, and the clean-up removes it then', async () => {
    const customer = await fixture.createCustomer();
    const key = crypto.randomUUID();
    const first = await post(customer.id, await freshBody(), key);
    expect(first.status).toBe(201);
    const keysOf = () =>
      fixture.db
        .selectFrom('checkout_idempotency_keys')
        .select('idempotency_key')
        .where('customer_id', '=', customer.id)
        .execute();

    advance(24 * hourMs - 1);
    await deleteExpiredIdempotencyKeys(fixture.db, now);
    expect(await keysOf()).toHaveLength(1);
    const tooSoon = await post(customer.id, await freshBody(1001), key);
    expect(tooSoon.status).toBe(422);

    advance(1);
    const later = await post(customer.id, await freshBody(1001), key);
    expect(later.status).toBe(201);
    expect(later.body.tradeNumber).not.toBe(first.body.tradeNumber);
    expect(await tradesOf(customer.id)).toEqual([first.body.tradeNumber, later.body.tradeNumber]);

    advance(24 * hourMs);
    expect(await deleteExpiredIdempotencyKeys(fixture.db, now)).toBeGreaterThanOrEqual(1);
    expect(await keysOf()).toEqual([]);
  });

  it('lets a checkout without a key run as before', async () => {
    const customer = await fixture.createCustomer();
    const answer = await post(customer.id, await freshBody(), undefined);
    expect(answer.status).toBe(201);
    const keys = await fixture.db
      .selectFrom('checkout_idempotency_keys')
      .select('idempotency_key')
      .where('customer_id', '=', customer.id)
      .execute();
    expect(keys).toEqual([]);
  });
});
