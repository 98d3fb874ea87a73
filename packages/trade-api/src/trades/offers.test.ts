import { offerPreviewSchema, offerSchema, type ApiError } from '@tradein/contract';
import { editionCodes, type EditionCode } from '@tradein/editions';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import {
  phoneAnswers,
  startTradesFixture,
  type TradesFixture,
} from '../../test-kit/trade-test-kit.ts';

/** The test catalogue's base price of device 1000 + index in an edition. */
function basePrice(index: number, edition: EditionCode): number {
  return 10_000 + index * 7 + edition.charCodeAt(0);
}

describe.each(testDatabases())('offers on $name', (engine) => {
  let fixture: TradesFixture;
  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
  });
  afterAll(() => fixture.close());

  const offer = (body: unknown) => fixture.call('POST', '/api/trade/offers', { body });

  it.each(editionCodes)('prices and stores an offer in %s, truncated to cents', async (edition) => {
    const answer = await offer({ edition, deviceId: 1000, answers: phoneAnswers(3) });
    expect(answer.status).toBe(200);
    const created = offerSchema.parse(await answer.json());
    expect(created.priceCents).toBe(Math.floor((basePrice(0, edition) * 6150) / 10_000));
    expect(created.recycling).toBe(false);
    expect(created.currency).toBe('EUR');
    expect(created.validUntil).toBe('2026-03-16T09:00:00.000Z');
    const row = await fixture.db
      .selectFrom('offers')
      .selectAll()
      .where('id', '=', created.offerId)
      .executeTakeFirstOrThrow();
    expect(row.price_cents).toBe(created.priceCents);
    expect(JSON.parse(row.answers)).toEqual({ POWERS_ON: 'YES', GRADE: 'GRADE_USED' });

    const read = await fixture.call('GET', `/api/trade/offers/${created.offerId}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(created);
  });

  it.each(editionCodes)(
    'gives the recycling offer in %s when the device does not power on',
    async (edition) => {
      const answer = await offer({ edition, deviceId: 1001, answers: phoneAnswers(1, false) });
      const created = offerSchema.parse(await answer.json());
      expect(created.recycling).toBe(true);
      // The test catalogue pays 151 cents for recycling device 1001, nothing in Italy.
      expect(created.priceCents).toBe(edition === 'it' ? 0 : 151);
    },
  );

  it('previews the price without storing anything', async () => {
    const before = await rowCounts(fixture.db);
    const answer = await fixture.call('POST', '/api/trade/offers/preview', {
      body: { edition: 'de', deviceId: 1001, answers: phoneAnswers(2) },
    });
    expect(answer.status).toBe(200);
    expect(offerPreviewSchema.parse(await answer.json())).toEqual({
      deviceId: 1001,
      edition: 'de',
      priceCents: Math.floor((basePrice(1, 'de') * 8500) / 10_000),
      currency: 'EUR',
      recycling: false,
    });
    expect(await rowCounts(fixture.db)).toEqual(before);
  });

  it.each([
    ['a missing question', [{ questionId: 11, answerId: 1 }], 'answers'],
    [
      'a duplicate question',
      [...phoneAnswers(1), { questionId: 12, answerId: 2 }],
      'answers.2.questionId',
    ],
    [
      'a question of another category',
      [
        { questionId: 11, answerId: 1 },
        { questionId: 22, answerId: 1 },
      ],
      'answers.1.questionId',
    ],
    [
      'an answer of another question',
      [
        { questionId: 11, answerId: 1 },
        { questionId: 12, answerId: 9 },
      ],
      'answers.1.answerId',
    ],
  ])('refuses %s with a 400 naming the field', async (_case, answers, path) => {
    const before = await rowCounts(fixture.db);
    const answer = await offer({ edition: 'de', deviceId: 1000, answers });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as ApiError;
    expect(body.error.fields?.map((field) => field.path)).toContain(path);
    expect(await rowCounts(fixture.db)).toEqual(before);
  });

  it('refuses an unknown device naming deviceId', async () => {
    const answer = await offer({ edition: 'de', deviceId: 999_999, answers: phoneAnswers(1) });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as ApiError).error.fields?.[0]?.path).toBe('deviceId');
  });

  it('answers 404 for an unknown offer id and 400 for a malformed one', async () => {
    const missing = await fixture.call(
      'GET',
      '/api/trade/offers/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.status).toBe(404);
    const malformed = await fixture.call('GET', '/api/trade/offers/not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as ApiError).error.fields?.[0]?.path).toBe('params.offerId');
  });

  it('never answers 5xx nor stores anything for arbitrary bodies', async () => {
    const before = await rowCounts(fixture.db);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record({
            edition: fc.oneof(fc.constantFrom(...editionCodes), fc.string()),
            deviceId: fc.oneof(fc.integer(), fc.constant(1000)),
            answers: fc.array(
              fc.record({
                questionId: fc.oneof(fc.integer({ min: -2, max: 30 }), fc.string()),
                answerId: fc.integer({ min: -2, max: 5 }),
              }),
              { maxLength: 4 },
            ),
          }),
        ),
        async (body) => {
          const answer = await fetch(`${fixture.server.origin}/api/trade/offers/preview`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
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
