import { tradeSchema, type ApiError } from '@tradein/contract';
import { vatIdExamples } from '@tradein/contract/test-fixtures';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import { firstPdfPage, hexOf } from '../../test-kit/pdf-page.ts';
import { mailsTo } from '../../test-kit/outbox-mail.ts';
import { startTradesFixture, type TradesFixture } from '../../test-kit/trade-test-kit.ts';

describe.each(testDatabases())('the VAT ID of a business checkout on $name', (engine) => {
  let fixture: TradesFixture;
  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
  });
  afterAll(() => fixture.close());
  beforeEach(() => fixture.setNow(new Date('2026-03-02T09:00:00.000Z')));

  /**
   * A seller of its own (the B2B cap counts per seller) with a 1 € offer, and its B2B checkout
   * with a VAT ID (none when undefined).
   */
  async function businessSeller() {
    const seller = await fixture.createCustomer();
    const offerId = await fixture.insertOffer({ priceCents: 100 });
    const checkOut = (vatId: string | undefined) =>
      fixture.postCheckout(seller.id, [{ offerId, quantity: 1 }], {
        shopMode: 'b2bWidget',
        ...(vatId === undefined ? {} : { vatId }),
      });
    return { seller, checkOut };
  }

  async function businessCheckout(vatId: string | undefined) {
    const { seller, checkOut } = await businessSeller();
    return { seller, answer: await checkOut(vatId) };
  }

  describe.each(vatIdExamples)('$country', ({ valid, wrongCheckDigits }) => {
    it(`stores and returns ${valid}`, async () => {
      const { answer } = await businessCheckout(valid);
      expect(answer.status).toBe(201);
      const trade = tradeSchema.parse(await answer.json());
      expect(trade.vatId).toBe(valid);
      const row = await fixture.db
        .selectFrom('trades')
        .select('vat_id')
        .where('trade_number', '=', trade.tradeNumber)
        .executeTakeFirstOrThrow();
      expect(row.vat_id).toBe(valid);
    });

    it(`refuses ${wrongCheckDigits} with a 400 on vatId and stores nothing`, async () => {
      const { checkOut } = await businessSeller();
      const before = await rowCounts(fixture.db);
      const answer = await checkOut(wrongCheckDigits);
      expect(answer.status).toBe(400);
      const error = (await answer.json()) as ApiError;
      expect(error.error.code).toBe('validation_failed');
      expect(error.error.fields).toEqual([
        { path: 'vatId', message: expect.stringContaining('check digits') },
      ]);
      expect(await rowCounts(fixture.db)).toEqual(before);
    });
  });

  it('stores a typed VAT ID normalised, and reads it back with the trade', async () => {
    const { seller, answer } = await businessCheckout('de 136.695-976');
    expect(answer.status).toBe(201);
    const created = tradeSchema.parse(await answer.json());
    expect(created.vatId).toBe('DE136695976');
    const read = await fixture.call('GET', `/api/trade/trades/${created.tradeNumber}`, {
      customer: seller.id,
    });
    expect(tradeSchema.parse(await read.json()).vatId).toBe('DE136695976');
  });

  it('prints the VAT ID in the confirmation mail and on the label', async () => {
    const { seller, answer } = await businessCheckout('DE136695976');
    const trade = tradeSchema.parse(await answer.json());
    const [mail] = await mailsTo(fixture.outboxDir, seller.email);
    expect(mail?.text).toContain('DE136695976');
    const { text: attached } = await firstPdfPage(
      mail?.attachments[0]?.content ?? new Uint8Array(),
    );
    expect(attached).toContain(hexOf('DE136695976'));
    const label = await fixture.call('GET', `/api/trade/trades/${trade.tradeNumber}/label.pdf`, {
      customer: seller.id,
    });
    const { text: printed } = await firstPdfPage(new Uint8Array(await label.arrayBuffer()));
    expect(printed).toContain(hexOf('DE136695976'));
  });

  it('keeps a business trade without VAT ID valid, with null and nothing printed', async () => {
    const { seller, answer } = await businessCheckout(undefined);
    expect(answer.status).toBe(201);
    expect(tradeSchema.parse(await answer.json()).vatId).toBeNull();
    const [mail] = await mailsTo(fixture.outboxDir, seller.email);
    expect(mail?.text).not.toMatch(/USt-IdNr|VAT ID/);
  });

  it.each([
    ['no EU prefix', '136695976'],
    ['the wrong length', 'DE1366959'],
    ['the Greek ISO code instead of EL', 'GR094012834'],
  ])('refuses a VAT ID with %s', async (_case, vatId) => {
    const { answer } = await businessCheckout(vatId);
    expect(answer.status).toBe(400);
    const error = (await answer.json()) as ApiError;
    expect(error.error.fields?.map((field) => field.path)).toEqual(['vatId']);
  });

  it('refuses a VAT ID on a consumer checkout', async () => {
    const seller = await fixture.createCustomer();
    const offerId = await fixture.insertOffer({ priceCents: 100 });
    const answer = await fixture.postCheckout(seller.id, [{ offerId, quantity: 1 }], {
      vatId: 'DE136695976',
    });
    expect(answer.status).toBe(400);
    const error = (await answer.json()) as ApiError;
    expect(error.error.fields).toEqual([
      { path: 'vatId', message: 'A VAT ID belongs to a business sale only' },
    ]);
  });
});
