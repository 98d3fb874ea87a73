import type { ApiError, Trade } from '@tradein/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { overlapTransactions } from '../../test-kit/overlapping-transactions.ts';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import { startTradesFixture, type TradesFixture } from '../../test-kit/trade-test-kit.ts';
import { HttpError } from '../server/http-error.ts';
import { bookVoucherUse, type AppliedVoucher } from './vouchers.ts';

describe.each(testDatabases())('voucher uses per customer on $name', (engine) => {
  let fixture: TradesFixture;
  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
  });
  afterAll(() => fixture.close());
  beforeEach(() => fixture.setNow(new Date('2026-03-02T09:00:00.000Z')));

  async function checkoutWith(customer: string, voucher: string): Promise<Response> {
    const offerId = await fixture.insertOffer({ priceCents: 20_000 });
    return fixture.postCheckout(customer, [{ offerId, quantity: 1 }], { voucher });
  }

  /** Expects a 400 on `voucher` that stored nothing, and answers its field message. */
  async function expectUsedUp(customer: string, voucher: string): Promise<string> {
    const offerId = await fixture.insertOffer({ priceCents: 20_000 });
    const before = await rowCounts(fixture.db);
    const answer = await fixture.postCheckout(customer, [{ offerId, quantity: 1 }], { voucher });
    expect(answer.status).toBe(400);
    const error = (await answer.json()) as ApiError;
    expect(error.error.code).toBe('validation_failed');
    const field = error.error.fields?.find((candidate) => candidate.path === 'voucher');
    expect(field).toBeDefined();
    expect(await rowCounts(fixture.db)).toEqual(before);
    return field?.message ?? '';
  }

  async function tradesWithVoucher(customers: string[], voucher: string): Promise<number> {
    const rows = await fixture.db
      .selectFrom('trades')
      .select('id')
      .where('customer_id', 'in', customers)
      .where('voucher_code', '=', voucher)
      .execute();
    return rows.length;
  }

  it('refuses a voucher a customer has used once already, in the edition language', async () => {
    const customer = await fixture.createCustomer();
    expect((await checkoutWith(customer.id, 'WELCOME10')).status).toBe(201);
    const message = await expectUsedUp(customer.id, 'welcome10');
    expect(message).toContain('WELCOME10');
    expect(message).toContain('bereits');
    expect(await tradesWithVoucher([customer.id], 'WELCOME10')).toBe(1);
  });

  it('lets exactly one of two parallel checkouts of one customer use the voucher', async () => {
    const customer = await fixture.createCustomer();
    const answers = await Promise.all([
      checkoutWith(customer.id, 'WELCOME10'),
      checkoutWith(customer.id, 'WELCOME10'),
    ]);
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([201, 400]);
    expect(await tradesWithVoucher([customer.id], 'WELCOME10')).toBe(1);
  });

  it('lets a second checkout that overlaps the first not book the same use', async () => {
    const customer = await fixture.createCustomer();
    // Two trades to book the use with, as the two checkouts would have inserted them.
    const tradeIds: number[] = [];
    for (let trade = 0; trade < 2; trade += 1) {
      const offerId = await fixture.insertOffer({ priceCents: 20_000 });
      const answer = await fixture.postCheckout(customer.id, [{ offerId, quantity: 1 }]);
      tradeIds.push(((await answer.json()) as Trade).tradeId);
    }
    const voucher: AppliedVoucher = { code: 'WELCOME10', bonusCents: 2000, usesPerCustomer: 1 };
    const booking = {
      email: customer.email,
      edition: 'de' as const,
      at: '2026-03-02T09:00:00.000Z',
    };
    const second = await overlapTransactions(
      fixture.db,
      (trx) => bookVoucherUse(trx, voucher, { ...booking, tradeId: tradeIds[0] ?? 0 }),
      (trx) => bookVoucherUse(trx, voucher, { ...booking, tradeId: tradeIds[1] ?? 0 }),
    );
    expect(second.status).toBe('rejected');
    const reason: unknown = second.status === 'rejected' ? second.reason : undefined;
    expect(reason).toBeInstanceOf(HttpError);
    expect((reason as HttpError).statusCode).toBe(400);
  });

  it('counts guests by their e-mail address, across guest sessions and an account', async () => {
    const registered = await fixture.createCustomer();
    const guest = await fixture.createCustomer({ guest: true });
    const laterGuest = await fixture.createCustomer({ guest: true });
    for (const other of [guest, laterGuest]) {
      await fixture.db
        .updateTable('customers')
        .set({ email: registered.email })
        .where('id', '=', other.id)
        .execute();
    }
    expect((await checkoutWith(guest.id, 'BONUS20')).status).toBe(201);
    await expectUsedUp(laterGuest.id, 'BONUS20');
    await expectUsedUp(registered.id, 'BONUS20');
  });

  it('lets every customer use a voucher once', async () => {
    const first = await fixture.createCustomer();
    const second = await fixture.createCustomer();
    expect((await checkoutWith(first.id, 'WELCOME10')).status).toBe(201);
    expect((await checkoutWith(second.id, 'WELCOME10')).status).toBe(201);
    // A voucher is counted on its own: another code still works.
    expect((await checkoutWith(first.id, 'BONUS20')).status).toBe(201);
  });

  it('allows as many uses as the voucher says, or any number when it sets none', async () => {
    const at = '2026-01-01T00:00:00.000Z';
    const voucher = { kind: 'fixed', value: 500, min_total_cents: 0, editions: null };
    await fixture.db
      .insertInto('vouchers')
      .values([
        { ...voucher, code: 'TWICE', valid_from: at, valid_until: null, created_at: at },
        { ...voucher, code: 'ALWAYS', valid_from: at, valid_until: null, created_at: at },
      ])
      .execute();
    await fixture.db
      .updateTable('vouchers')
      .set({ uses_per_customer: 2 })
      .where('code', '=', 'TWICE')
      .execute();
    await fixture.db
      .updateTable('vouchers')
      .set({ uses_per_customer: null })
      .where('code', '=', 'ALWAYS')
      .execute();
    const customer = await fixture.createCustomer();
    expect((await checkoutWith(customer.id, 'TWICE')).status).toBe(201);
    expect((await checkoutWith(customer.id, 'TWICE')).status).toBe(201);
    const message = await expectUsedUp(customer.id, 'TWICE');
    expect(message).toContain('2');
    for (let use = 0; use < 3; use += 1) {
      expect((await checkoutWith(customer.id, 'ALWAYS')).status).toBe(201);
    }
  });

  it('gives the use back when the trade is returned, where no bonus was paid', async () => {
    const customer = await fixture.createCustomer();
    const first = (await (await checkoutWith(customer.id, 'WELCOME10')).json()) as Trade;
    await fixture.db
      .updateTable('trades')
      .set({ status: 'returned' })
      .where('trade_number', '=', first.tradeNumber)
      .execute();
    const again = await checkoutWith(customer.id, 'WELCOME10');
    expect(again.status).toBe(201);
    expect(((await again.json()) as Trade).voucher?.code).toBe('WELCOME10');
    await expectUsedUp(customer.id, 'WELCOME10');
  });
});
