import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  centsSchema,
  customerIdSchema,
  customerNumberSchema,
  emailSchema,
  idSchema,
  isoDateTimeSchema,
  localeSchema,
  lowercaseEmailSchema,
  offerIdSchema,
  okResponseSchema,
  personNameSchema,
  voucherCodeSchema,
} from './primitives.ts';
import { accountHolderSchema, storedNameSchema } from './primitives.ts';

const cases: [string, z.ZodMiniType, unknown[], unknown[]][] = [
  ['id', idSchema, [1, 1001, 2 ** 31], [0, -3, 1.5, '7', Number.NaN, null]],
  [
    'email',
    emailSchema,
    ['anna@example.com', 'Anna.Schmidt@Example.COM'],
    ['anna', 'anna@', '@example.com', 'a b@example.com', `${'a'.repeat(250)}@example.com`],
  ],
  [
    'lower-case email',
    lowercaseEmailSchema,
    ['anna.schmidt@example.com'],
    ['Anna.Schmidt@example.com', 'anna@EXAMPLE.com'],
  ],
  [
    'person name',
    personNameSchema,
    [
      'Anna',
      'José María',
      "O'Neill",
      'D’Angelo',
      'Anna-Lena',
      'J. R. R. Tolkien',
      'J.R.R.',
      'Nguyễn Thị Minh',
      // The same with combining marks instead of precomposed letters.
      'Nguye\u0302\u0303n',
      'Zoë',
      'Ørsted',
      '王小明',
      'محمد',
      'Ἀλέξανδρος',
    ],
    [
      '',
      '   ',
      'x'.repeat(101),
      'Visit http://evil.example',
      'Visit evil.example',
      'www.evil.example',
      'anna@example.com',
      'Anna2',
      'Louis 14',
      'Anna: call now',
      'A/B',
      '...',
      "'-",
      'Anna\u0000',
      'Anna\tLena',
      'Anna\nLena',
      'Anna\u2028Lena',
      'Anna\uD800',
    ],
  ],
  [
    'account holder',
    accountHolderSchema,
    ['Anna Schmidt', 'Müller & Söhne GmbH', '1&1 Versatel GmbH', 'Musterhandel GmbH & Co. KG'],
    ['', 'Visit http://evil.example', 'evil.example Ltd', 'pay@evil.example', 'Anna\u0007'],
  ],
  [
    'stored name',
    storedNameSchema,
    ['Anna', 'Anna 2', 'Müller (geb. Schmidt)'],
    ['', '   ', 'x'.repeat(101)],
  ],
  ['cents', centsSchema, [0, 23150], [-1, 12.5, Number.POSITIVE_INFINITY]],
  [
    'ISO date-time',
    isoDateTimeSchema,
    ['2024-03-01T09:30:00Z', '2024-03-01T09:30:00.123+01:00'],
    ['2024-03-01', '01.03.2024 09:30', 'yesterday'],
  ],
  [
    'offer id',
    offerIdSchema,
    ['of_8f2k', '3e5b2c1a-77d4-4d3e-9c1a-0d9f0e8b7a6c'],
    ['', 'has space', 'x'.repeat(65)],
  ],
  [
    'customer number',
    customerNumberSchema,
    ['100234', 'G-2024-0007'],
    ['', '10 02', 'x'.repeat(33)],
  ],
  [
    'customer id',
    customerIdSchema,
    ['6f1c2a4e-93b1-4c55-8d7e-2f4a9b0c1d2e'],
    ['', 'a/b', 'x'.repeat(65)],
  ],
  ['locale', localeSchema, ['de', 'de-AT', 'fr-FR'], ['DE', 'de_AT', 'de-at', 'german']],
  ['voucher code', voucherCodeSchema, ['SPRING-10', 'B2B2024'], ['', 'SPRING 10', 'x'.repeat(41)]],
  ['ok answer', okResponseSchema, [{ ok: true }], [{ ok: false }, {}, true]],
];

describe.each(cases)('%s', (_name, schema, valid, invalid) => {
  it.each(valid)('accepts %j', (value) => {
    expect(schema.safeParse(value).success).toBe(true);
  });
  it.each(invalid)('rejects %j', (value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });
});
