import { describe, expect, it } from 'vitest';
import { offerRequestSchema } from './offers.ts';
import {
  checkoutHeadersSchema,
  checkoutRequestSchema,
  payoutSchema,
  tradeNumberSchema,
} from './trades.ts';

/** The paths of the issues a schema reports for a value. */
function issuePaths(
  schema: { safeParse(value: unknown): { error?: { issues: { path: PropertyKey[] }[] } } },
  value: unknown,
): string[] {
  return (schema.safeParse(value).error?.issues ?? []).map((issue) => issue.path.join('.'));
}

describe('trade contract', () => {
  it.each([
    [{ paymentType: 2, email: 'a@example.com' }, []],
    [{ paymentType: 2 }, ['email']],
    [{ paymentType: 13, accountHolder: 'Erika', iban: 'de89 3704 0044 0532 0130 00' }, []],
    [{ paymentType: 13, accountHolder: 'Erika', iban: 'DE88370400440532013000' }, ['iban']],
    [{ paymentType: 13, iban: 'DE89370400440532013000' }, ['accountHolder']],
    [
      { paymentType: 13, accountHolder: 'Erika', iban: 'DE89370400440532013000', bic: 'nope' },
      ['bic'],
    ],
  ])('checks payout %j: issues at %j', (payout, paths) => {
    expect(issuePaths(payoutSchema, payout)).toEqual(paths);
  });

  it.each([
    ['T-2026-000123', true],
    ['T-2026-123', false],
    ['t-2026-000123', false],
  ])('trade number %s valid: %s', (value, valid) => {
    expect(tradeNumberSchema.safeParse(value).success).toBe(valid);
  });

  it('names the postal code and the terms of a bad checkout', () => {
    const paths = issuePaths(checkoutRequestSchema, {
      edition: 'fr',
      offers: [{ offerId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
      address: {
        salutation: 'ms',
        firstName: 'A',
        lastName: 'B',
        street: 'Rue',
        houseNumber: '1',
        zip: '99000',
        city: 'Paris',
        country: 'fr',
      },
      payout: { paymentType: 2, email: 'a@example.com' },
      shopMode: 'default',
      acceptedTerms: false,
    });
    expect(paths).toEqual(['address.zip', 'acceptedTerms']);
  });

  it('needs at least one answer in an offer request', () => {
    expect(issuePaths(offerRequestSchema, { edition: 'de', deviceId: 1, answers: [] })).toEqual([
      'answers',
    ]);
  });

  it.each(['0b7c7f5e-8a4e-4d51-9f0e-2f6d3b1c9a10', 'a', 'key with spaces ~!', 'x'.repeat(255)])(
    'takes the Idempotency-Key %j',
    (key) => {
      expect(checkoutHeadersSchema.parse({ 'idempotency-key': key })).toEqual({
        'idempotency-key': key,
      });
    },
  );

  it.each(['', 'x'.repeat(256), 'schlüssel', 'tab\there'])(
    'refuses the Idempotency-Key %j, naming the header',
    (key) => {
      expect(issuePaths(checkoutHeadersSchema, { 'idempotency-key': key })).toEqual([
        'idempotency-key',
      ]);
    },
  );

  it('lets a checkout go without an Idempotency-Key', () => {
    expect(checkoutHeadersSchema.parse({ authorization: 'Bearer x' })).toEqual({});
  });
});
