import { describe, expect, it } from 'vitest';
import {
  accountStateSchema,
  cartCountCookieSchema,
  cartLineSchema,
  categoryStateSchema,
  checkoutStateSchema,
  homeStateSchema,
} from './client-state.ts';
import { customer, issuePaths, smartphones } from './test-fixtures.ts';

const line = {
  deviceId: 1001,
  offerId: 'of_8f2k',
  name: 'Apple iPhone 13 128 GB',
  price: 23150,
  quantity: 1,
};
const checkout = {
  cart: [
    line,
    {
      ...line,
      deviceId: 2002,
      offerId: 'of_9x1q',
      name: 'Samsung Galaxy S21',
      price: 12345.678,
      quantity: 2,
    },
  ],
  cartExpiry: 1_767_225_600_000,
  offerIds: ['of_8f2k', 'of_9x1q'],
  transactionId: 0,
  voucher: null,
  B2BMode: false,
  priceCalculateDone: true,
  paymentType: 13,
  isPayPalTransaction: false,
};
const loggedOut = {
  isLoggedIn: false,
  email: null,
  accessToken: null,
  refreshToken: null,
  customerId: null,
  customerNumber: null,
  customerData: null,
  tokenExpiry: 0,
  remember: false,
};
const loggedIn = {
  isLoggedIn: true,
  email: customer.email,
  accessToken: 'eyJhbGciOiJIUzI1NiJ9.e30.sig',
  refreshToken: 'eyJhbGciOiJIUzI1NiJ9.e30.ref',
  customerId: customer.id,
  customerNumber: customer.customerNumber,
  customerData: customer,
  tokenExpiry: 1_767_225_600_000,
  remember: true,
};
const home = { tradeInAuth: null, lang: 'de', shopMode: 'default' };

describe('client states accept what the client stores', () => {
  it.each([
    ['empty checkout', checkoutStateSchema, { ...checkout, cart: [], offerIds: [], cartExpiry: 0 }],
    ['checkout with sub-cent prices', checkoutStateSchema, checkout],
    [
      'B2B PayPal checkout with voucher',
      checkoutStateSchema,
      {
        ...checkout,
        B2BMode: true,
        paymentType: 2,
        isPayPalTransaction: true,
        voucher: 'SPRING-10',
        transactionId: 5512,
      },
    ],
    ['cart line of price 0 (recycling offer)', cartLineSchema, { ...line, price: 0 }],
    [
      'cart line naming its device, variant and answers',
      cartLineSchema,
      {
        ...line,
        deviceUrl: 'apple-iphone-13-128gb',
        variant: '128 GB',
        answers: [{ questionId: 7, answerId: 71 }],
        conditions: [{ question: 'Is the display free of cracks?', answer: 'Yes, no cracks' }],
      },
    ],
    ['logged-out account', accountStateSchema, loggedOut],
    ['logged-in account', accountStateSchema, loggedIn],
    [
      'logged-in account without customer number yet',
      accountStateSchema,
      { ...loggedIn, customerNumber: null, customerData: null },
    ],
    ['home', homeStateSchema, home],
    [
      'B2B widget home with trade-in auth',
      homeStateSchema,
      { tradeInAuth: 'Basic ZGV2OmRldg==', lang: 'de', shopMode: 'b2bWidget' },
    ],
    ['category state', categoryStateSchema, { smartphones }],
    ['empty category state', categoryStateSchema, {}],
  ] as const)('%s', (_name, schema, value) => {
    expect(schema.parse(value)).toEqual(value);
  });

  it('drops a stored password: the account state never keeps one', () => {
    const parsed = accountStateSchema.parse({ ...loggedIn, password: 'Sommer-2024' });
    expect(parsed).not.toHaveProperty('password');
    expect(parsed).toEqual(loggedIn);
  });
});

describe('client states reject corrupt storage', () => {
  it.each([
    [
      'a negative price',
      checkoutStateSchema,
      { ...checkout, cart: [{ ...line, price: -1 }] },
      'cart.0.price',
    ],
    [
      'an infinite price',
      checkoutStateSchema,
      { ...checkout, cart: [{ ...line, price: Number.POSITIVE_INFINITY }] },
      'cart.0.price',
    ],
    [
      'a NaN price',
      checkoutStateSchema,
      { ...checkout, cart: [{ ...line, price: Number.NaN }] },
      'cart.0.price',
    ],
    [
      'a price as a string',
      checkoutStateSchema,
      { ...checkout, cart: [{ ...line, price: '231.50' }] },
      'cart.0.price',
    ],
    [
      'quantity 0',
      checkoutStateSchema,
      { ...checkout, cart: [{ ...line, quantity: 0 }] },
      'cart.0.quantity',
    ],
    [
      'a fractional quantity',
      checkoutStateSchema,
      { ...checkout, cart: [{ ...line, quantity: 1.5 }] },
      'cart.0.quantity',
    ],
    [
      'a line without offer id',
      checkoutStateSchema,
      { ...checkout, cart: [{ ...line, offerId: undefined }] },
      'cart.0.offerId',
    ],
    [
      'an answer text beyond 500 characters',
      checkoutStateSchema,
      {
        ...checkout,
        cart: [{ ...line, conditions: [{ question: 'Display?', answer: 'x'.repeat(501) }] }],
      },
      'cart.0.conditions.0.answer',
    ],
    [
      'a device url with a slash',
      checkoutStateSchema,
      { ...checkout, cart: [{ ...line, deviceUrl: 'apple/iphone' }] },
      'cart.0.deviceUrl',
    ],
    [
      'a cart expiry as a date string',
      checkoutStateSchema,
      { ...checkout, cartExpiry: '2026-01-01' },
      'cartExpiry',
    ],
    [
      'a negative transaction id',
      checkoutStateSchema,
      { ...checkout, transactionId: -1 },
      'transactionId',
    ],
    [
      'a missing voucher field',
      checkoutStateSchema,
      { ...checkout, voucher: undefined },
      'voucher',
    ],
    [
      'a lower-case b2bMode key',
      checkoutStateSchema,
      { ...checkout, B2BMode: undefined, b2bMode: false },
      'B2BMode',
    ],
    [
      'a payment type as a string',
      checkoutStateSchema,
      { ...checkout, paymentType: '13' },
      'paymentType',
    ],
    [
      'logged in without tokens',
      accountStateSchema,
      { ...loggedIn, accessToken: null },
      'accessToken',
    ],
    ['an invalid email', accountStateSchema, { ...loggedIn, email: 'anna' }, 'email'],
    [
      'a token expiry in the past as a string',
      accountStateSchema,
      { ...loggedIn, tokenExpiry: '0' },
      'tokenExpiry',
    ],
    [
      'a missing remember flag',
      accountStateSchema,
      { ...loggedOut, remember: undefined },
      'remember',
    ],
    [
      'corrupt customer data',
      accountStateSchema,
      { ...loggedIn, customerData: { ...customer, email: 5 } },
      'customerData.email',
    ],
    ['an unknown language', homeStateSchema, { ...home, lang: 'en' }, 'lang'],
    ['an unknown shop mode', homeStateSchema, { ...home, shopMode: 'b2b' }, 'shopMode'],
    [
      'a category keyed by its url',
      categoryStateSchema,
      { 'smartphones-and-more': smartphones },
      'smartphones-and-more',
    ],
    [
      'a category keyed in capitals',
      categoryStateSchema,
      { Smartphones: smartphones },
      'Smartphones',
    ],
    [
      'a corrupt category',
      categoryStateSchema,
      { smartphones: { ...smartphones, id: 'one' } },
      'smartphones.id',
    ],
  ] as const)('%s', (_name, schema, value, path) => {
    expect(issuePaths(schema, value)).toContain(path);
  });
});

describe('cartCountCookieSchema', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['99999', 99_999],
  ])('reads %s as %i devices', (value, count) => {
    expect(cartCountCookieSchema.parse(value)).toBe(count);
  });

  it.each(['', '0', '007', '-1', '1.5', '2e3', '100000', 'zwei', ' 2'])('refuses %j', (value) => {
    expect(cartCountCookieSchema.safeParse(value).success).toBe(false);
  });
});
