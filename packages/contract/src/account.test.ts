import { describe, expect, it } from 'vitest';
import {
  activationAnswerSchema,
  changePasswordRequestSchema,
  deleteAccountQuerySchema,
  forgotPasswordRequestSchema,
  identifierHeadersSchema,
  loginRequestSchema,
  logoutHeadersSchema,
  parseActivation,
  passwordSchema,
  refreshHeadersSchema,
  resetPasswordRequestSchema,
  tokenHeadersSchema,
  tokenPairSchema,
} from './account.ts';
import {
  buildRegistrationBody,
  registerRequestSchema,
  registrationPaymentSchema,
  type RegistrationInput,
} from './registration.ts';
import { berlinAddressInput, issuePaths } from './test-fixtures.ts';

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI2ZjFjIn0.c2lnbmF0dXJl';
const sepa = {
  paymentType: 13,
  paypalAccount: null,
  bankAccount: { accountHolder: 'Anna Schmidt', iban: 'DE89370400440532013000' },
};
const registration: RegistrationInput = {
  firstName: 'Anna',
  lastName: 'Schmidt',
  email: '  Anna.Schmidt@Example.com ',
  password: 'Sommer-2024',
  locale: 'de-DE',
  address: berlinAddressInput,
  payment: sepa,
};
const registerBody = {
  enabled: true,
  firstName: 'Anna',
  lastName: 'Schmidt',
  username: 'anna.schmidt@example.com',
  email: 'anna.schmidt@example.com',
  credentials: [{ type: 'password', value: 'Sommer-2024', temporary: false }],
  attributes: { locale: 'de-DE' },
  Address: berlinAddressInput,
  Payment: sepa,
};

describe('account schemas accept realistic requests and answers', () => {
  it.each([
    ['login', loginRequestSchema, { username: 'anna.schmidt@example.com', password: 'x' }],
    [
      'token pair',
      tokenPairSchema,
      { access_token: jwt, refresh_token: jwt, expires_in: 300, token_type: 'Bearer' },
    ],
    ['bare token pair', tokenPairSchema, { access_token: jwt, refresh_token: jwt }],
    ['refresh headers', refreshHeadersSchema, { refresh: jwt }],
    ['logout headers', logoutHeadersSchema, { access: jwt, refresh: jwt }],
    ['token headers', tokenHeadersSchema, { token: 'a1b2c3d4e5f6' }],
    [
      'identifier headers',
      identifierHeadersSchema,
      { identifier: '0f9e8d7c-6b5a-4d3c-9b2a-1f0e9d8c7b6a' },
    ],
    ['register', registerRequestSchema, registerBody],
    [
      'register with PayPal',
      registerRequestSchema,
      {
        ...registerBody,
        Payment: {
          paymentType: 2,
          paypalAccount: { email: 'anna@example.com' },
          bankAccount: null,
        },
      },
    ],
    ['register without payment', registerRequestSchema, { ...registerBody, Payment: null }],
    [
      'change password',
      changePasswordRequestSchema,
      {
        password: 'Winter-2025',
        userId: '6f1c2a4e-93b1',
        email: 'anna.schmidt@example.com',
        currentPassword: 'Sommer-2024',
      },
    ],
    [
      'forgot password',
      forgotPasswordRequestSchema,
      { email: 'anna.schmidt@example.com', lang: 'de' },
    ],
    ['reset password', resetPasswordRequestSchema, { password: 'Winter-2025' }],
    ['activation answer', activationAnswerSchema, { token: jwt, activated: true }],
    [
      'delete query',
      deleteAccountQuerySchema,
      { customerId: '6f1c2a4e-93b1', customerIdentifier: '100234' },
    ],
  ] as const)('%s', (_name, schema, value) => {
    expect(schema.parse(value)).toEqual(value);
  });
});

describe('account schemas reject invalid requests and answers', () => {
  it.each([
    [
      'login with a non-email username',
      loginRequestSchema,
      { username: 'anna', password: 'x' },
      'username',
    ],
    [
      'login with an empty password',
      loginRequestSchema,
      { username: 'anna@example.com', password: '' },
      'password',
    ],
    ['token pair without refresh token', tokenPairSchema, { access_token: jwt }, 'refresh_token'],
    [
      'token pair with a negative expiry',
      tokenPairSchema,
      { access_token: jwt, refresh_token: jwt, expires_in: -1 },
      'expires_in',
    ],
    [
      'refresh header with a line break',
      refreshHeadersSchema,
      { refresh: `${jwt}\r\nX-Evil: 1` },
      'refresh',
    ],
    ['logout without access header', logoutHeadersSchema, { refresh: jwt }, 'access'],
    ['empty token header', tokenHeadersSchema, { token: '' }, 'token'],
    [
      'register with an upper-case email',
      registerRequestSchema,
      { ...registerBody, email: 'Anna.Schmidt@example.com' },
      'email',
    ],
    [
      'register with an upper-case username',
      registerRequestSchema,
      { ...registerBody, username: 'Anna.Schmidt@example.com', email: 'Anna.Schmidt@example.com' },
      'username',
    ],
    [
      'register with username other than email',
      registerRequestSchema,
      { ...registerBody, username: 'anna' },
      'username',
    ],
    [
      'register with a temporary password',
      registerRequestSchema,
      {
        ...registerBody,
        credentials: [{ type: 'password', value: 'Sommer-2024', temporary: true }],
      },
      'credentials.0.temporary',
    ],
    [
      'register with a weak password',
      registerRequestSchema,
      { ...registerBody, credentials: [{ type: 'password', value: 'sommer', temporary: false }] },
      'credentials.0.value',
    ],
    [
      'register with two credentials',
      registerRequestSchema,
      { ...registerBody, credentials: [registerBody.credentials[0], registerBody.credentials[0]] },
      'credentials',
    ],
    [
      'register without a credential',
      registerRequestSchema,
      { ...registerBody, credentials: [] },
      'credentials',
    ],
    [
      'register without locale',
      registerRequestSchema,
      { ...registerBody, attributes: {} },
      'attributes.locale',
    ],
    [
      'register with a bad postal code',
      registerRequestSchema,
      { ...registerBody, Address: { ...berlinAddressInput, zip: '1011' } },
      'Address.zip',
    ],
    [
      'register with a bad IBAN',
      registerRequestSchema,
      {
        ...registerBody,
        Payment: {
          ...sepa,
          bankAccount: { accountHolder: 'Anna Schmidt', iban: 'DE88370400440532013000' },
        },
      },
      'Payment.bankAccount.iban',
    ],
    [
      'change password to the same one',
      changePasswordRequestSchema,
      {
        password: 'Sommer-2024',
        userId: 'u1',
        email: 'anna@example.com',
        currentPassword: 'Sommer-2024',
      },
      'password',
    ],
    [
      'change password without current one',
      changePasswordRequestSchema,
      { password: 'Winter-2025', userId: 'u1', email: 'anna@example.com' },
      'currentPassword',
    ],
    [
      'forgot password in an unknown language',
      forgotPasswordRequestSchema,
      { email: 'anna@example.com', lang: 'en' },
      'lang',
    ],
    ['reset to a short password', resetPasswordRequestSchema, { password: 'a1' }, 'password'],
    ['activation answer without activated', activationAnswerSchema, { token: jwt }, 'activated'],
    [
      'delete without customer identifier',
      deleteAccountQuerySchema,
      { customerId: 'u1' },
      'customerIdentifier',
    ],
  ] as const)('%s', (_name, schema, value, path) => {
    expect(issuePaths(schema, value)).toContain(path);
  });
});

describe('password rules', () => {
  it.each(['Sommer-2024', 'correct horse battery 9', 'Passwort1', 'Ünïcödé-Wört'])(
    'accepts %j',
    (password) => {
      expect(passwordSchema.safeParse(password).success).toBe(true);
    },
  );

  it.each([
    ['too short', 'Abc-123'],
    ['letters only', 'Sommerzeit'],
    ['letters and spaces only', 'long sunny days'],
    ['no letter', '1234-5678'],
    ['too long', `A1${'x'.repeat(127)}`],
  ])('rejects a password that is %s', (_name, password) => {
    expect(passwordSchema.safeParse(password).success).toBe(false);
  });
});

describe('registration payment', () => {
  it.each([
    [
      'PayPal type with a bank account',
      { paymentType: 2, paypalAccount: null, bankAccount: sepa.bankAccount },
      'paypalAccount',
    ],
    [
      'PayPal type with both accounts',
      { paymentType: 2, paypalAccount: { email: 'a@example.com' }, bankAccount: sepa.bankAccount },
      'paypalAccount',
    ],
    [
      'SEPA type with a PayPal account',
      { paymentType: 13, paypalAccount: { email: 'a@example.com' }, bankAccount: null },
      'bankAccount',
    ],
    ['payment type 0', { ...sepa, paymentType: 0 }, 'paymentType'],
  ])('rejects %s', (_name, payment, path) => {
    expect(issuePaths(registrationPaymentSchema, payment)).toContain(path);
  });
});

describe('buildRegistrationBody', () => {
  it('lower-cases and trims the email, uses it as username and sets a non-temporary password', () => {
    expect(buildRegistrationBody(registration)).toEqual(registerBody);
  });

  it('builds a body the register schema accepts', () => {
    const body = buildRegistrationBody({
      ...registration,
      email: 'JEAN.DUPONT@EXAMPLE.FR',
      payment: null,
    });
    expect(registerRequestSchema.parse(body)).toEqual(body);
    expect(body.email).toBe('jean.dupont@example.fr');
    expect(body.credentials).toEqual([
      { type: 'password', value: 'Sommer-2024', temporary: false },
    ]);
  });

  it.each([
    ['a weak password', { ...registration, password: 'short' }, /credentials/],
    ['an invalid email', { ...registration, email: 'anna-at-example' }, /email/],
    [
      'an invalid postal code',
      { ...registration, address: { ...berlinAddressInput, zip: 'ABCDE' } },
      /Postal code "ABCDE" is not valid in de/,
    ],
  ])('throws an Error naming the field for %s', (_name, input, message) => {
    expect(() => buildRegistrationBody(input)).toThrow(message);
    expect(() => buildRegistrationBody(input)).toThrow(/^Invalid registration: /);
  });
});

describe('parseActivation', () => {
  it.each([
    [
      { token: jwt, activated: true },
      { token: jwt, activated: true },
    ],
    [
      { token: jwt, activated: false },
      { token: jwt, activated: false },
    ],
  ])('returns the token and the activated flag of %j', (answer, expected) => {
    expect(parseActivation(answer)).toEqual(expected);
  });

  it.each([
    ['a missing token', { activated: true }],
    ['a null token', { token: null, activated: true }],
    ['an empty token', { token: '', activated: false }],
  ])('throws when the answer carries %s', (_name, answer) => {
    expect(() => parseActivation(answer)).toThrow('Activation failed: the answer carries no token');
  });

  it.each([null, 'ok', { token: jwt }, { token: 5, activated: true }])(
    'throws on the malformed answer %j',
    (answer) => {
      expect(() => parseActivation(answer)).toThrow(/^Activation failed: unexpected answer/);
    },
  );
});
