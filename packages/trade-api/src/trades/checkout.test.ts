import { tradeSchema, type ApiError, type Trade } from '@tradein/contract';
import * as fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import {
  addressFor,
  checkoutBody,
  startTradesFixture,
  type TradesFixture,
} from '../../test-kit/trade-test-kit.ts';
import { readOutbox } from '../../test-kit/outbox-mail.ts';

describe.each(testDatabases())('checkout on $name', (engine) => {
  let fixture: TradesFixture;
  let registered: { id: string; email: string };
  let guest: { id: string; email: string };
  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
    registered = await fixture.createCustomer();
    guest = await fixture.createCustomer({ guest: true });
  });
  afterAll(() => fixture.close());
  beforeEach(() => fixture.setNow(new Date('2026-03-02T09:00:00.000Z')));

  const checkout = (customer: string, body: unknown) =>
    fixture.call('POST', '/api/trade/trades', { body, customer });

  const newOffer = (deviceId = 1000, grade: 1 | 2 | 3 = 1) =>
    fixture.requestPhoneOffer(deviceId, grade);

  async function expectRefused(
    customer: string,
    body: unknown,
    status: number,
    path: string,
  ): Promise<ApiError> {
    const before = await rowCounts(fixture.db);
    const answer = await checkout(customer, body);
    expect(answer.status).toBe(status);
    const error = (await answer.json()) as ApiError;
    expect(error.error.fields?.map((field) => field.path)).toContain(path);
    expect(await rowCounts(fixture.db)).toEqual(before);
    return error;
  }

  it.each([
    ['registered', () => registered],
    ['guest', () => guest],
  ])('creates one trade for a %s customer with items, total and an event', async (_kind, who) => {
    const customer = who();
    const first = await newOffer(1000, 3);
    const second = await newOffer(1001, 2);
    const answer = await checkout(
      customer.id,
      checkoutBody([
        { offerId: first.offerId, quantity: 2 },
        { offerId: second.offerId, quantity: 1 },
      ]),
    );
    expect(answer.status).toBe(201);
    const trade = tradeSchema.parse(await answer.json());
    expect(trade.tradeNumber).toMatch(/^T-2026-\d{6}$/);
    expect(trade.status).toBe('created');
    expect(trade.items.map((item) => [item.offerId, item.quantity, item.priceCents])).toEqual([
      [first.offerId, 2, first.priceCents],
      [second.offerId, 1, second.priceCents],
    ]);
    expect(trade.totalCents).toBe(first.priceCents * 2 + second.priceCents);
    expect(trade.taxCents).toBe(0);
    expect(trade.shippingCents).toBe(0);
    expect(trade.events.map((event) => event.status)).toEqual(['created']);

    const row = await fixture.db
      .selectFrom('trades')
      .selectAll()
      .where('trade_number', '=', trade.tradeNumber)
      .executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(customer.id);
    expect(JSON.parse(row.payout_details)).toEqual({
      accountHolder: 'Erika Müller',
      iban: 'DE89370400440532013000',
    });
    // What the trade history of the accounts feature reads.
    const items = await fixture.db
      .selectFrom('trade_items')
      .select(['device_id', 'device_name', 'quantity', 'price_cents'])
      .where('trade_id', '=', trade.tradeId)
      .execute();
    expect(items).toHaveLength(2);

    const read = await fixture.call('GET', `/api/trade/trades/${trade.tradeNumber}`, {
      customer: customer.id,
    });
    expect(tradeSchema.parse(await read.json())).toEqual(trade);
  });

  it('mails the confirmation in the edition language with the label PDF attached', async () => {
    const customer = await fixture.createCustomer();
    const { offerId } = await newOffer();
    const trade = (await (
      await checkout(customer.id, checkoutBody([{ offerId, quantity: 1 }]))
    ).json()) as Trade;
    const mails = (await readOutbox(fixture.outboxDir)).filter((mail) =>
      mail.to.includes(customer.email),
    );
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toBe(`Dein Verkauf ${trade.tradeNumber}`);
    expect(mail?.text).toContain(`Vielen Dank für deinen Verkauf ${trade.tradeNumber}.`);
    expect(mail?.attachments).toHaveLength(1);
    const attachment = mail?.attachments[0];
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.filename).toBe(`label-${trade.tradeNumber}.pdf`);
    const pdf = await PDFDocument.load(attachment?.content ?? new Uint8Array());
    expect(pdf.getTitle()).toBe(`Versandetikett ${trade.tradeNumber}`);
    const log = await fixture.db
      .selectFrom('mail_log')
      .selectAll()
      .where('recipient', '=', customer.email)
      .execute();
    expect(log.map((entry) => [entry.kind, entry.transport])).toEqual([
      ['trade-confirmation', 'outbox'],
    ]);
  });

  it('pays out to PayPal with payment type 2', async () => {
    const { offerId } = await newOffer();
    const answer = await checkout(
      registered.id,
      checkoutBody([{ offerId, quantity: 1 }], {
        payout: { paymentType: 2, email: 'paypal@example.com' },
      }),
    );
    expect(answer.status).toBe(201);
    expect(((await answer.json()) as Trade).paymentType).toBe(2);
  });

  it.each([499_999, 500_000])('accepts a B2B trade of %s cents', async (priceCents) => {
    const offerId = await fixture.insertOffer({ priceCents });
    // A partner of its own: the cap counts a partner's business sales of the last 30 days.
    const partner = await fixture.createCustomer();
    const answer = await checkout(
      partner.id,
      checkoutBody([{ offerId, quantity: 1 }], { shopMode: 'b2bWidget' }),
    );
    expect(answer.status).toBe(201);
    expect(((await answer.json()) as Trade).totalCents).toBe(priceCents);
  });

  it('refuses a B2B trade of 500001 cents with a localized message naming the cap', async () => {
    const offerId = await fixture.insertOffer({ priceCents: 500_001 });
    const body = checkoutBody([{ offerId, quantity: 1 }], { shopMode: 'b2bWidget' });
    const error = await expectRefused(registered.id, body, 422, 'offers');
    expect(error.error.code).toBe('b2b_cap_exceeded');
    expect(error.error.message).toContain('5.000,00');
    expect(error.error.message).toContain('höchstens');
  });

  it.each([undefined, '', '   '])(
    'refuses a B2B trade whose address has no company name (%j) and stores nothing',
    async (company) => {
      const offerId = await fixture.insertOffer({ priceCents: 100 });
      const body = checkoutBody([{ offerId, quantity: 1 }], { shopMode: 'b2bWidget' });
      const { company: _named, ...withoutCompany } = body.address;
      const error = await expectRefused(
        registered.id,
        {
          ...body,
          address: company === undefined ? withoutCompany : { ...withoutCompany, company },
        },
        400,
        'address.company',
      );
      expect(error.error.code).toBe('validation_failed');
    },
  );

  it('does not cap the consumer shop', async () => {
    const offerId = await fixture.insertOffer({ priceCents: 500_001 });
    const answer = await checkout(registered.id, checkoutBody([{ offerId, quantity: 1 }]));
    expect(answer.status).toBe(201);
  });

  it('refuses B2B mode outside Germany', async () => {
    const offerId = await fixture.insertOffer({ priceCents: 100, edition: 'fr' });
    const error = await expectRefused(
      registered.id,
      checkoutBody([{ offerId, quantity: 1 }], {
        edition: 'fr',
        address: addressFor('fr'),
        shopMode: 'b2bWidget',
      }),
      400,
      'shopMode',
    );
    expect(error.error.code).toBe('validation_failed');
  });

  it('refuses expired, used, foreign-edition, unknown and repeated offers naming the line', async () => {
    const expired = await fixture.insertOffer({
      priceCents: 100,
      validUntil: '2026-03-02T09:00:00.000Z',
    });
    await expectRefused(
      registered.id,
      checkoutBody([{ offerId: expired, quantity: 1 }]),
      400,
      'offers.0.offerId',
    );

    const used = await fixture.insertOffer({ priceCents: 100 });
    expect(
      (await checkout(registered.id, checkoutBody([{ offerId: used, quantity: 1 }]))).status,
    ).toBe(201);
    const fresh = await fixture.insertOffer({ priceCents: 100 });
    await expectRefused(
      registered.id,
      checkoutBody([
        { offerId: fresh, quantity: 1 },
        { offerId: used, quantity: 1 },
      ]),
      400,
      'offers.1.offerId',
    );

    const austrian = await fixture.insertOffer({ priceCents: 100, edition: 'at' });
    await expectRefused(
      registered.id,
      checkoutBody([{ offerId: austrian, quantity: 1 }]),
      400,
      'offers.0.offerId',
    );

    await expectRefused(
      registered.id,
      checkoutBody([{ offerId: '00000000-0000-4000-8000-000000000000', quantity: 1 }]),
      400,
      'offers.0.offerId',
    );
    await expectRefused(
      registered.id,
      checkoutBody([
        { offerId: fresh, quantity: 1 },
        { offerId: fresh, quantity: 2 },
      ]),
      400,
      'offers.1.offerId',
    );
  });

  it('refuses an offer whose validity ran out while it sat in the cart', async () => {
    const { offerId } = await newOffer();
    fixture.setNow(new Date('2026-03-16T09:00:00.001Z'));
    const error = await expectRefused(
      registered.id,
      checkoutBody([{ offerId, quantity: 1 }]),
      400,
      'offers.0.offerId',
    );
    expect(error.error.fields?.[0]?.message).toMatch(/expired/);
  });

  it.each([
    [
      'a wrong IBAN check digit',
      { payout: { paymentType: 13, accountHolder: 'A B', iban: 'DE88370400440532013000' } },
      'payout.iban',
    ],
    ['a missing IBAN', { payout: { paymentType: 13, accountHolder: 'A B' } }, 'payout.iban'],
    ['a missing PayPal address', { payout: { paymentType: 2 } }, 'payout.email'],
    [
      'a German postal code of four digits',
      { address: { ...addressFor('de'), zip: '1234' } },
      'address.zip',
    ],
    ['an address in another country', { address: addressFor('at') }, 'address.country'],
    ['terms not accepted', { acceptedTerms: false }, 'acceptedTerms'],
    ['an unknown voucher', { voucher: 'NOPE' }, 'voucher'],
    ['an expired voucher', { voucher: 'SUMMER2024' }, 'voucher'],
    ['a voucher below its minimum', { voucher: 'BONUS20' }, 'voucher'],
  ])('refuses %s naming the field', async (_case, overrides, path) => {
    const offerId = await fixture.insertOffer({ priceCents: 5000 });
    const error = await expectRefused(
      registered.id,
      { ...checkoutBody([{ offerId, quantity: 1 }]), ...overrides },
      400,
      path,
    );
    expect(error.error.code).toBe('validation_failed');
  });

  it.each([
    ['WELCOME10', 10_001, 1000],
    ['welcome10', 333, 33],
    ['BONUS20', 10_000, 2000],
  ])('applies voucher %s to %s cents: bonus %s', async (voucher, priceCents, bonus) => {
    const offerId = await fixture.insertOffer({ priceCents });
    // A customer of its own: a voucher is used once per customer.
    const customer = await fixture.createCustomer();
    const answer = await checkout(
      customer.id,
      checkoutBody([{ offerId, quantity: 1 }], { voucher }),
    );
    expect(answer.status).toBe(201);
    const trade = (await answer.json()) as Trade;
    expect(trade.voucher).toEqual({ code: voucher.toUpperCase(), bonusCents: bonus });
    expect(trade.totalCents).toBe(priceCents + bonus);
    expect(trade.itemsTotalCents).toBe(priceCents);
  });

  it('lets only one of two racing checkouts trade an offer', async () => {
    const offerId = await fixture.insertOffer({ priceCents: 100 });
    const body = checkoutBody([{ offerId, quantity: 1 }]);
    const answers = await Promise.all([checkout(registered.id, body), checkout(guest.id, body)]);
    const statuses = answers.map((answer) => answer.status).toSorted();
    expect(statuses[0]).toBe(201);
    expect([400, 409]).toContain(statuses[1]);
    const items = await fixture.db
      .selectFrom('trade_items')
      .select('id')
      .where('offer_id', '=', offerId)
      .execute();
    expect(items).toHaveLength(1);
  });

  it('needs a token', async () => {
    const answer = await fixture.call('POST', '/api/trade/trades', { body: {} });
    expect(answer.status).toBe(401);
  });

  it('never answers 5xx nor changes anything for arbitrary checkout bodies', async () => {
    const offerId = await fixture.insertOffer({ priceCents: 700_000 });
    const before = await rowCounts(fixture.db);
    const valid = checkoutBody([{ offerId, quantity: 1 }], { shopMode: 'b2bWidget' });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record({
            // The rest of a valid body, so the property reaches the checks behind the schema.
            ...Object.fromEntries(
              Object.entries(valid).map(([key, value]) => [key, fc.constant(value)]),
            ),
            offers: fc.array(
              fc.record({
                offerId: fc.oneof(fc.constant(offerId), fc.uuid(), fc.string()),
                quantity: fc.integer({ min: -1, max: 200 }),
              }),
              { maxLength: 3 },
            ),
            payout: fc.record({
              paymentType: fc.integer({ min: -1, max: 20 }),
              iban: fc.oneof(fc.string(), fc.constant('DE89370400440532013000')),
              email: fc.string(),
              accountHolder: fc.string(),
            }),
            voucher: fc.oneof(fc.string(), fc.constant('WELCOME10')),
          }),
        ),
        async (body) => {
          const answer = await fetch(`${fixture.server.origin}/api/trade/trades`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-test-customer': registered.id },
            body: JSON.stringify(body) ?? 'null',
          });
          expect(answer.status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
    expect(await rowCounts(fixture.db)).toEqual(before);
  });
});
