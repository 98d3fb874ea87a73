import type { ApiError } from '@tradein/contract';
import { b2bTradeCapCents } from '@tradein/editions';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { overlapTransactions } from '../../test-kit/overlapping-transactions.ts';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import { startTradesFixture, type TradesFixture } from '../../test-kit/trade-test-kit.ts';
import { HttpError } from '../server/http-error.ts';
import { bookB2BTrade, checkB2BCap } from './b2b-cap.ts';

/** Just below the cap: one such trade fits, two do not. */
const nearlyTheCap = 488_700;
const checkoutTime = new Date('2026-03-02T09:00:00.000Z');
/** Thirty days after {@link checkoutTime}: 11:00 in Berlin (summer time). */
const thirtyDaysLater = new Date('2026-04-01T09:00:00.000Z');

describe.each(testDatabases())('the B2B cap per partner and 30 days on $name', (engine) => {
  let fixture: TradesFixture;
  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
  });
  afterAll(() => fixture.close());
  beforeEach(() => fixture.setNow(checkoutTime));

  async function businessCheckout(customer: string, priceCents: number): Promise<Response> {
    const offerId = await fixture.insertOffer({ priceCents });
    return fixture.postCheckout(customer, [{ offerId, quantity: 1 }], { shopMode: 'b2bWidget' });
  }

  async function consumerCheckout(customer: string, priceCents: number): Promise<Response> {
    const offerId = await fixture.insertOffer({ priceCents });
    return fixture.postCheckout(customer, [{ offerId, quantity: 1 }]);
  }

  /** Expects a 422 cap refusal that stored nothing and answers its message. */
  async function expectCapRefusal(customer: string, priceCents: number): Promise<string> {
    const offerId = await fixture.insertOffer({ priceCents });
    const before = await rowCounts(fixture.db);
    const answer = await fixture.postCheckout(customer, [{ offerId, quantity: 1 }], {
      shopMode: 'b2bWidget',
    });
    expect(answer.status).toBe(422);
    const error = (await answer.json()) as ApiError;
    expect(error.error.code).toBe('b2b_cap_exceeded');
    expect(error.error.fields?.map((field) => field.path)).toEqual(['offers']);
    expect(await rowCounts(fixture.db)).toEqual(before);
    return error.error.message;
  }

  async function businessTradesOf(customer: string): Promise<number> {
    const rows = await fixture.db
      .selectFrom('trades')
      .select('id')
      .where('customer_id', '=', customer)
      .where('is_b2b', '=', 1)
      .execute();
    return rows.length;
  }

  it('refuses a second trade of 4,887 € within 30 days, naming the cap and when more is possible', async () => {
    const partner = await fixture.createCustomer();
    expect((await businessCheckout(partner.id, nearlyTheCap)).status).toBe(201);
    const message = await expectCapRefusal(partner.id, nearlyTheCap);
    expect(message).toContain('5.000,00');
    expect(message).toContain('30 Tage');
    // What the partner sold in the period, what is still possible now, and when this cart fits.
    expect(message).toContain('4.887,00');
    expect(message).toContain('113,00');
    expect(message).toContain('01.04.26');
    expect(message).toContain('11:00');
    // Splitting the cart would not help any more, so the message must not suggest it.
    expect(message).not.toMatch(/teile|mehrere/i);
    expect(await businessTradesOf(partner.id)).toBe(1);
  });

  it('lets exactly one of two parallel trades of 4,887 € of one partner through', async () => {
    const partner = await fixture.createCustomer();
    const answers = await Promise.all([
      businessCheckout(partner.id, nearlyTheCap),
      businessCheckout(partner.id, nearlyTheCap),
    ]);
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([201, 422]);
    expect(await businessTradesOf(partner.id)).toBe(1);
  });

  it('makes a second checkout that overlaps the first wait for it and count its trade', async () => {
    const partner = await fixture.createCustomer();
    // Two trades of 4,887 € to book, as the two checkouts would have inserted them.
    const tradeIds: number[] = [];
    for (let trade = 0; trade < 2; trade += 1) {
      const answer = await consumerCheckout(partner.id, nearlyTheCap);
      tradeIds.push(((await answer.json()) as { tradeId: number }).tradeId);
    }
    const cart = { email: partner.email, edition: 'de' as const, totalCents: nearlyTheCap };
    const second = await overlapTransactions(
      fixture.db,
      async (trx) => {
        const key = await checkB2BCap(trx, { ...cart, now: checkoutTime });
        await bookB2BTrade(trx, key, tradeIds[0] ?? 0, checkoutTime.toISOString());
      },
      (trx) => checkB2BCap(trx, { ...cart, now: checkoutTime }),
    );
    expect(second.status).toBe('rejected');
    const reason: unknown = second.status === 'rejected' ? second.reason : undefined;
    expect(reason).toBeInstanceOf(HttpError);
    expect((reason as HttpError).statusCode).toBe(422);
  });

  it('fills the cap exactly and refuses one cent more', async () => {
    const partner = await fixture.createCustomer();
    expect((await businessCheckout(partner.id, 300_000)).status).toBe(201);
    expect((await businessCheckout(partner.id, 150_000)).status).toBe(201);
    await expectCapRefusal(partner.id, 50_001);
    expect((await businessCheckout(partner.id, 50_000)).status).toBe(201);
    expect(await businessTradesOf(partner.id)).toBe(3);
  });

  it('allows the cart from the moment the message names, not a millisecond earlier', async () => {
    const partner = await fixture.createCustomer();
    expect((await businessCheckout(partner.id, nearlyTheCap)).status).toBe(201);
    fixture.setNow(new Date(thirtyDaysLater.getTime() - 1));
    await expectCapRefusal(partner.id, nearlyTheCap);
    fixture.setNow(thirtyDaysLater);
    expect((await businessCheckout(partner.id, nearlyTheCap)).status).toBe(201);
  });

  it('rounds the time it names up to the minute, so the cart fits from then on', async () => {
    const partner = await fixture.createCustomer();
    fixture.setNow(new Date('2026-03-02T09:00:30.500Z'));
    expect((await businessCheckout(partner.id, nearlyTheCap)).status).toBe(201);
    const message = await expectCapRefusal(partner.id, nearlyTheCap);
    expect(message).toContain('01.04.26 um 11:01 Uhr');
    fixture.setNow(new Date('2026-04-01T09:00:30.499Z'));
    await expectCapRefusal(partner.id, nearlyTheCap);
    fixture.setNow(new Date('2026-04-01T09:01:00.000Z'));
    expect((await businessCheckout(partner.id, nearlyTheCap)).status).toBe(201);
  });

  it('names the day when enough older trades have left the period', async () => {
    const partner = await fixture.createCustomer();
    expect((await businessCheckout(partner.id, 200_000)).status).toBe(201);
    fixture.setNow(new Date('2026-03-10T09:00:00.000Z'));
    expect((await businessCheckout(partner.id, 200_000)).status).toBe(201);
    fixture.setNow(new Date('2026-03-20T09:00:00.000Z'));
    // 4,000 € sold: 3,000 € more fits once the first trade has left (01.04.26, 11:00), while
    // 4,000 € more needs both gone (09.04.26, 11:00).
    const smaller = await expectCapRefusal(partner.id, 300_000);
    expect(smaller).toContain('4.000,00');
    expect(smaller).toContain('1.000,00');
    expect(smaller).toContain('01.04.26');
    expect(smaller).toContain('11:00');
    const larger = await expectCapRefusal(partner.id, 400_000);
    expect(larger).toContain('09.04.26');
    expect(larger).toContain('11:00');
  });

  it('refuses a cart worth more than the cap by itself without naming a day', async () => {
    const partner = await fixture.createCustomer();
    const message = await expectCapRefusal(partner.id, b2bTradeCapCents + 1);
    expect(message).toContain('5.000,00');
    expect(message).toContain('5.000,01');
    expect(message).not.toMatch(/\d\d\.\d\d\.\d\d/);
    expect(message).not.toMatch(/teile|mehrere/i);
  });

  it('does not count returned trades', async () => {
    const partner = await fixture.createCustomer();
    const first = await businessCheckout(partner.id, nearlyTheCap);
    const { tradeNumber } = (await first.json()) as { tradeNumber: string };
    await fixture.db
      .updateTable('trades')
      .set({ status: 'returned' })
      .where('trade_number', '=', tradeNumber)
      .execute();
    expect((await businessCheckout(partner.id, nearlyTheCap)).status).toBe(201);
  });

  it('counts the revised total of an accepted clarification', async () => {
    const partner = await fixture.createCustomer();
    const first = await businessCheckout(partner.id, nearlyTheCap);
    const { tradeNumber } = (await first.json()) as { tradeNumber: string };
    await fixture.db
      .updateTable('trades')
      .set({ status: 'accepted', total_cents: 100_000 })
      .where('trade_number', '=', tradeNumber)
      .execute();
    expect((await businessCheckout(partner.id, 400_000)).status).toBe(201);
  });

  it('keeps partners apart and does not count consumer trades', async () => {
    const partner = await fixture.createCustomer();
    const other = await fixture.createCustomer();
    expect((await consumerCheckout(partner.id, nearlyTheCap)).status).toBe(201);
    expect((await businessCheckout(partner.id, nearlyTheCap)).status).toBe(201);
    expect((await businessCheckout(other.id, nearlyTheCap)).status).toBe(201);
    // Consumer sales stay without a cap, whatever the business sales were.
    expect((await consumerCheckout(partner.id, nearlyTheCap)).status).toBe(201);
  });

  it('counts guest checkouts with the same e-mail address as one partner', async () => {
    const first = await fixture.createCustomer({ guest: true });
    const second = await fixture.createCustomer({ guest: true });
    await fixture.db
      .updateTable('customers')
      .set({ email: first.email })
      .where('id', '=', second.id)
      .execute();
    expect((await businessCheckout(first.id, nearlyTheCap)).status).toBe(201);
    await expectCapRefusal(second.id, nearlyTheCap);
  });
});
