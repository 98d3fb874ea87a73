/*
 * Every text field of every request the trade API takes refuses control characters and lone
 * surrogates, and says which field. The fields are found by walking the schemas, so a field
 * added later is checked without anyone listing it here; each request part needs one valid
 * sample below, which the test insists on.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { apiEndpoints } from './api-endpoints.ts';
import { searchQuerySchema } from './search.ts';
import { buildSearchRequest } from './search.ts';
import { berlinAddressInput, issuePaths, sellerSepaPayout } from './test-fixtures.ts';

type PathKey = string | number;

/** A schema's definition as zod 4 keeps it (`schema.def`), as far as the walk reads it. */
interface SchemaDefinition {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  options?: readonly z.ZodMiniType[];
  in?: z.ZodMiniType;
  left?: z.ZodMiniType;
  right?: z.ZodMiniType;
  getter?: () => z.ZodMiniType;
}

/** Types that hold no free text: numbers, flags, and closed sets (an enum or literal refuses any other text). */
const textFreeTypes = new Set([
  'number',
  'int',
  'bigint',
  'boolean',
  'null',
  'undefined',
  'enum',
  'literal',
  'never',
  'date',
  // Bytes: the body of a photo upload holds an image, no text field.
  'custom',
]);

/**
 * The paths of the string fields of a schema: through objects, arrays (their first element),
 * optional, nullable and default wrappers, unions and pipes. An unknown kind of schema fails the
 * walk, so no field hides behind it.
 *
 * With a `sample`, a union walks only the options that can hold the sample's value there: a
 * field of another option (another `kind` of search) would be dropped from that sample, not
 * refused. Text options and absent values are always walked, since the test puts text there.
 * Without one, every option is walked: the test checks that the samples reach all of them.
 */
function stringFieldPaths(
  schema: z.ZodMiniType,
  sample?: { value: unknown },
  path: PathKey[] = [],
): PathKey[][] {
  const definition = schema.def as unknown as SchemaDefinition;
  const inner = (next: z.ZodMiniType | undefined, key?: PathKey) => {
    if (next === undefined) return [];
    const at = key === undefined ? path : [...path, key];
    const value =
      sample === undefined || key === undefined
        ? sample
        : { value: (sample.value as Record<PathKey, unknown> | null | undefined)?.[key] };
    return stringFieldPaths(next, value, at);
  };
  switch (definition.type) {
    case 'string':
      return [path];
    case 'object':
      return Object.entries(definition.shape ?? {}).flatMap(([key, field]) => inner(field, key));
    case 'array':
      return inner(definition.element, 0);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
      return inner(definition.innerType);
    case 'union':
      return (definition.options ?? [])
        .filter(
          (option) =>
            sample === undefined ||
            sample.value === undefined ||
            sample.value === null ||
            option.type !== 'object' ||
            option.safeParse(sample.value).success,
        )
        .flatMap((option) => inner(option));
    case 'pipe':
      return inner(definition.in);
    case 'intersection':
      return [...inner(definition.left), ...inner(definition.right)];
    case 'lazy':
      return inner(definition.getter?.());
    default:
      if (textFreeTypes.has(definition.type)) return [];
      throw new Error(
        `The walk does not know schemas of type ${definition.type} (at ${path.join('.')})`,
      );
  }
}

const validSearch = buildSearchRequest({ kind: 'deviceSearch', text: 'iphone 13' }, 'devices_de');
const offerId = '3e5b2c1a-77d4-4d3e-9c1a-0d9f0e8b7a6c';
const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
const emailHash = 'a'.repeat(64);

/**
 * One valid value for every request part (`body`, `headers`, `query`) that is not empty, by
 * endpoint name, plus the search query that the search body carries encoded.
 */
const validRequests: Record<string, { body?: unknown; headers?: unknown; query?: unknown }> = {
  search: { body: validSearch },
  login: { body: { username: 'anna@example.com', password: 'correct horse 1' } },
  loginRefresh: { headers: { refresh: token } },
  logout: { headers: { access: token, refresh: token } },
  register: {
    body: {
      enabled: true,
      firstName: 'Anna',
      lastName: 'Schmidt',
      username: 'anna@example.com',
      email: 'anna@example.com',
      credentials: [{ type: 'password', value: 'Sommer-2024', temporary: false }],
      attributes: { locale: 'de-DE' },
      Address: berlinAddressInput,
      Payment: { paymentType: 13, paypalAccount: null, bankAccount: sellerSepaPayout },
    },
  },
  changePassword: {
    body: {
      password: 'Winter-2025',
      userId: '6f1c2a4e-93b1-4c55-8d7e-2f4a9b0c1d2e',
      email: 'anna@example.com',
      currentPassword: 'Sommer-2024',
    },
  },
  forgotPasswordMail: { body: { email: 'anna@example.com', lang: 'de' } },
  resendActivation: { body: { email: 'anna@example.com', lang: 'de' } },
  activateRegistration: { headers: { token } },
  activateCustomerByIdentifier: { headers: { identifier: token } },
  resetPassword: { body: { password: 'Winter-2025' }, headers: { token } },
  deleteCustomer: {
    query: { customerId: '6f1c2a4e-93b1-4c55-8d7e-2f4a9b0c1d2e', customerIdentifier: '100234' },
  },
  deleteUser: {
    query: { customerId: '6f1c2a4e-93b1-4c55-8d7e-2f4a9b0c1d2e', customerIdentifier: '100234' },
  },
  updateAddresses: { body: { id: 12, ...berlinAddressInput, company: 'Musterhandel GmbH' } },
  updateBankAccounts: {
    body: {
      id: 3,
      accountHolder: 'Anna Schmidt',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    },
  },
  updatePaypalAccounts: { body: { id: 4, email: 'anna@example.com' } },
  createCustomerPaymentAccount: {
    body: {
      paypalAccount: null,
      bankAccount: '/api/customers/bank_accounts/3',
      paymentType: 'INVOICE',
      isPrimary: true,
      customer: '/api/customers/customers/6f1c2a4e-93b1-4c55-8d7e-2f4a9b0c1d2e',
    },
  },
  createGuestAccountNumber: {
    body: { email: 'anna@example.com', firstName: 'Anna', lastName: 'Schmidt', locale: 'de' },
  },
  createPhoneContact: { body: { phone: '+49 170 1234567', type: 'mobile' } },
  updatePhoneContact: { body: { id: 5, phone: '+49 170 1234567', type: 'mobile' } },
  updatePeople: {
    body: {
      address: { ...berlinAddressInput, addressAddition: 'Hinterhaus' },
      peopleIri: '/api/customers/people/88',
      customerIri: '/api/customers/customers/6f1c2a4e-93b1-4c55-8d7e-2f4a9b0c1d2e',
    },
  },
  controlling: {
    body: {
      clientId: 'client-0001',
      applicationId: 'devices_de',
      url: 'https://www.example.com/verkaufen?utm_source=news',
      eventName: 'offer_generated',
      deviceId: 1001,
      offerId: 'of_8f2k',
      productName: 'Apple iPhone 13',
      category: 'Smartphones',
      conditionId: 'GRADE_USED',
      utm_source: 'newsletter',
    },
  },
  guestSession: { body: { locale: 'de' } },
  newsletterSubscribe: { body: { email: 'anna@example.com', edition: 'de', source: 'footer' } },
  newsletterConfirm: { body: { emailHash, token: 'a1b2c3d4e5f6g7h8i9j0k' } },
  newsletterSubscription: { query: { emailHash } },
  newsletterEnrich: {
    body: { emailHash, firstName: 'Anna', salutation: 'ms', interests: ['offers'] },
  },
  newsletterUnsubscribe: { body: { emailHash } },
  createOffer: {
    body: { edition: 'de', deviceId: 1001, answers: [{ questionId: 7, answerId: 71 }] },
  },
  previewOffer: {
    body: { edition: 'de', deviceId: 1001, answers: [{ questionId: 7, answerId: 71 }] },
  },
  createTrade: {
    body: {
      edition: 'de',
      offers: [{ offerId, quantity: 1 }],
      address: { ...berlinAddressInput, company: 'Musterhandel GmbH', addressAddition: '3. OG' },
      payout: { ...sellerSepaPayout, bic: 'COBADEFFXXX' },
      voucher: 'WELCOME10',
      shopMode: 'b2bWidget',
      partner: 'musterhandel',
      acceptedTerms: true,
      newsletterOptIn: false,
    },
  },
  answerClarification: { body: { decision: 'accept' } },
  addSellerPhoto: { body: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]) },
  answerClarificationLines: {
    body: {
      decisions: [
        { position: 1, decision: 'accept' },
        { position: 2, decision: 'return' },
      ],
    },
  },
  quickAnswerClarification: { body: { offerId } },
  tradeStatus: { body: { token } },
  tradeStatusLabel: { query: { token } },
  confirmTradeMailbox: {
    body: { edition: 'de', token: 'xTk3-Jq9_mZ2vB7nL4pR8sW1yC6dF0gH5jK2aE9uQ3o' },
  },
  contactMessage: {
    body: {
      edition: 'de',
      subject: 'tradeStatus',
      name: 'Anna Schmidt',
      email: 'anna@example.com',
      tradeNumber: 'T-2026-000123',
      message: 'Hallo,\r\nwo ist mein Paket?\n\tDanke',
    },
  },
};

/**
 * Fields that hold several lines: tab, line feed and carriage return are allowed there (a form
 * sends a textarea's line breaks as CR LF); every other control character is not.
 */
const multiLineFields: Record<string, readonly string[]> = {
  contactMessage: ['body.message'],
};

/** One request part to check: where it belongs, its schema and valid values. */
interface RequestPart {
  name: string;
  schema: z.ZodMiniType;
  samples: readonly unknown[];
}

/**
 * Every request part of every endpoint with its valid sample, and the search query that the
 * search body carries encoded, with one sample of each kind.
 */
function requestParts(): RequestPart[] {
  const parts: RequestPart[] = [];
  for (const [endpointName, endpoint] of Object.entries(apiEndpoints)) {
    const samples = validRequests[endpointName] ?? {};
    for (const part of ['body', 'headers', 'query'] as const) {
      const schema = endpoint[part];
      if (schema === undefined) continue;
      parts.push({ name: `${endpointName}.${part}`, schema, samples: [samples[part] ?? {}] });
    }
  }
  parts.push({
    name: 'search.body.search (decoded)',
    schema: searchQuerySchema,
    samples: [
      { kind: 'categories' },
      { kind: 'deviceByUrl', url: 'apple-iphone-13-128gb' },
      { kind: 'devicesBySeries', seriesUrl: 'iphone-13' },
      { kind: 'aggregationByUrl', url: 'smartphones' },
      { kind: 'deviceSearch', text: 'iphone 13', categoryId: 1 },
    ],
  });
  return parts;
}

/** A copy of `value` with `replacement` at `path`, creating objects (never arrays) on the way. */
function withValueAt(value: unknown, path: readonly PathKey[], replacement: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return replacement;
  if (Array.isArray(value)) {
    const copy = [...(value as unknown[])];
    copy[Number(key)] = withValueAt(copy[Number(key)], rest, replacement);
    return copy;
  }
  const record =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return { ...record, [key]: withValueAt(record[key], rest, replacement) };
}

/** The value at `path`, or undefined. */
function valueAt(value: unknown, path: readonly PathKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PathKey, unknown>)[key];
  }
  return current;
}

/** Every control character (Unicode category Cc): C0, DEL and C1. */
const controlCharacters = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  ...Array.from({ length: 0x21 }, (_, offset) => String.fromCharCode(0x7f + offset)),
];

/** Half of a surrogate pair on its own: high (D800–DBFF) or low (DC00–DFFF). */
const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code));

/** A character a text field must refuse: any control character (but the allowed ones) or a lone surrogate. */
function refusedCharacter(multiLine: boolean): fc.Arbitrary<string> {
  const allowed = multiLine ? ['\t', '\n', '\r'] : [];
  return fc.oneof(
    fc.constantFrom(...controlCharacters.filter((character) => !allowed.includes(character))),
    loneSurrogate,
  );
}

const parts = requestParts();

/** Each text field with the sample it is checked in (every sample that reaches it). */
const fields = parts.flatMap((part) =>
  part.samples.flatMap((sample, index) =>
    stringFieldPaths(part.schema, { value: sample }).map((path) => ({
      name: `${part.name}.${path.join('.')}`,
      label: `${part.name}.${path.join('.')}${part.samples.length > 1 ? ` (sample ${index + 1})` : ''}`,
      part,
      sample,
      path,
    })),
  ),
);

describe('valid samples of the request parts', () => {
  it.each(parts.map((part) => [part.name, part] as const))(
    '%s has valid samples',
    (_name, part) => {
      for (const sample of part.samples) expect(issuePaths(part.schema, sample)).toEqual([]);
    },
  );

  it.each(parts.map((part) => [part.name, part] as const))(
    '%s: the samples reach every text field of the schema',
    (_name, part) => {
      const everyField = new Set(stringFieldPaths(part.schema).map((path) => path.join('.')));
      const reached = new Set(
        part.samples.flatMap((sample) =>
          stringFieldPaths(part.schema, { value: sample }).map((path) => path.join('.')),
        ),
      );
      expect([...everyField].filter((path) => !reached.has(path))).toEqual([]);
    },
  );

  it('find the text fields a reader would expect', () => {
    expect(fields.map(({ name }) => name)).toEqual(
      expect.arrayContaining([
        'createTrade.body.address.firstName',
        'createTrade.body.address.street',
        'createTrade.body.payout.accountHolder',
        'register.body.Address.city',
        'contactMessage.body.message',
        'controlling.body.productName',
        'logout.headers.refresh',
        'deleteUser.query.customerIdentifier',
        'search.body.search (decoded).text',
        'search.body.search (decoded).url',
      ]),
    );
  });

  it('name only multi-line fields that exist', () => {
    const names = new Set(fields.map(({ name }) => name));
    for (const [endpointName, paths] of Object.entries(multiLineFields)) {
      for (const path of paths) expect(names).toContain(`${endpointName}.${path}`);
    }
  });
});

describe('every text field of a request', () => {
  it.each(fields.map((field) => [field.label, field] as const))(
    '%s refuses control characters and lone surrogates, naming the field',
    (_label, { name, part, sample, path }) => {
      const multiLine = Object.entries(multiLineFields).some(([endpointName, paths]) =>
        paths.some((multiLinePath) => name === `${endpointName}.${multiLinePath}`),
      );
      const current = valueAt(sample, path);
      const base = typeof current === 'string' && current !== '' ? current : 'Text';
      fc.assert(
        fc.property(
          refusedCharacter(multiLine),
          fc.integer({ min: 0, max: base.length }),
          (character, position) => {
            const text = base.slice(0, position) + character + base.slice(position);
            const request = withValueAt(sample, path, text);
            expect(issuePaths(part.schema, request)).toContain(path.join('.'));
          },
        ),
      );
    },
  );
});

describe('names as names, and lines a label prints', () => {
  const checkout = validRequests['createTrade']?.body as Record<string, unknown>;
  const address = checkout['address'] as Record<string, unknown>;

  it.each([
    ['address.firstName', 'Visit http://evil.example'],
    ['address.lastName', 'Visit evil.example'],
    ['address.company', 'Visit http://evil.example'],
    ['address.company', 'www.evil.example'],
    ['address.street', 'mail offers@evil.example'],
    ['address.addressAddition', 'see https://evil.example'],
    ['address.city', 'www.evil.example'],
    ['payout.accountHolder', 'Visit http://evil.example'],
  ])('a checkout refuses %s "%s", naming the field', (path, text) => {
    const request = withValueAt(checkout, path.split('.'), text);
    expect(issuePaths(apiEndpoints.createTrade.body, request)).toContain(path);
  });

  it.each([
    ['company', 'Booking.com B.V.'],
    ['addressAddition', 'c/o Müller, 3. OG'],
    ['street', 'Dr.-Karl-Renner-Ring'],
    ['lastName', 'Müller-Lüdenscheidt'],
  ])('a checkout takes %s "%s"', (field, text) => {
    const request = { ...checkout, address: { ...address, [field]: text } };
    expect(issuePaths(apiEndpoints.createTrade.body, request)).toEqual([]);
  });

  it.each([
    ['contactMessage', 'name'],
    ['createGuestAccountNumber', 'firstName'],
    ['register', 'lastName'],
    ['newsletterEnrich', 'firstName'],
  ] as const)('%s refuses a web address as %s', (endpointName, field) => {
    const body = {
      ...(validRequests[endpointName]?.body as object),
      [field]: 'Visit http://evil.example',
    };
    expect(issuePaths(apiEndpoints[endpointName].body, body)).toContain(field);
  });
});
