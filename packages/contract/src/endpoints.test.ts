import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { buildRegistrationBody } from './registration.ts';
import type { Endpoint } from './endpoint.ts';
import { endpoints, type EndpointName } from './endpoints.ts';
import { buildSearchRequest } from './search.ts';
import {
  annaPeople,
  berlinAddress,
  berlinAddressInput,
  customer,
  iphone13,
  paymentAccount,
  paymentAccountInput,
} from './test-fixtures.ts';

/** §7, literally: method, path and whether the bearer token is needed, per call. */
const specification: Record<EndpointName, [Endpoint['method'], string, Endpoint['auth']]> = {
  search: ['POST', '/api/trade/searches', 'none'],
  login: ['POST', '/api/account/login', 'none'],
  loginRefresh: ['POST', '/api/account/loginRefresh', 'none'],
  logout: ['POST', '/api/account/logout', 'none'],
  register: ['POST', '/api/account/register', 'none'],
  changePassword: ['POST', '/api/account/changePassword', 'bearer'],
  forgotPasswordMail: ['POST', '/api/account/forgotPasswordMail', 'none'],
  resendActivation: ['POST', '/api/account/resendActivation', 'none'],
  activateRegistration: ['POST', '/api/account/activateRegistration', 'none'],
  activateCustomerByIdentifier: ['GET', '/api/activateCustomerByIdentifier', 'none'],
  resetPassword: ['POST', '/api/account/resetPassword', 'none'],
  deleteCustomer: ['DELETE', '/api/customers/customers', 'bearer'],
  deleteUser: ['DELETE', '/api/account/deleteUser', 'bearer'],
  getAddresses: ['GET', '/api/customers/addresses', 'bearer'],
  updateAddresses: ['PATCH', '/api/customers/addresses', 'bearer'],
  getBankAccounts: ['GET', '/api/customers/bank_accounts', 'bearer'],
  updateBankAccounts: ['PATCH', '/api/customers/bank_accounts', 'bearer'],
  getPaypalAccounts: ['GET', '/api/customers/paypal_accounts', 'bearer'],
  updatePaypalAccounts: ['PATCH', '/api/customers/paypal_accounts', 'bearer'],
  getCustomerPaymentAccounts: ['GET', '/api/customers/customer_payment_accounts', 'bearer'],
  createCustomerPaymentAccount: ['POST', '/api/customers/customer_payment_accounts', 'bearer'],
  createGuestAccountNumber: ['POST', '/api/customers/guest_account_number', 'bearer'],
  getPhoneContacts: ['GET', '/api/customers/phone_contacts', 'bearer'],
  createPhoneContact: ['POST', '/api/customers/phone_contacts', 'bearer'],
  updatePhoneContact: ['PATCH', '/api/customers/phone_contacts', 'bearer'],
  getPeople: ['GET', '/api/customers/people', 'bearer'],
  updatePeople: ['PATCH', '/api/customers/people', 'bearer'],
  getCustomer: ['GET', '/api/customers/customers', 'bearer'],
  getTradeHistory: ['GET', '/api/customers/trade_history', 'bearer'],
  controlling: ['POST', '/api/controlling/controlling', 'none'],
  clientId: ['GET', '/api/client-id', 'none'],
};

const allEndpoints: [EndpointName, Endpoint][] = Object.entries(endpoints).map(
  ([name, endpoint]) => [name as EndpointName, endpoint],
);

/** Keys of an object schema, or `undefined` when the endpoint has none. */
const keysOf = (schema: z.ZodMiniType | undefined) =>
  schema === undefined ? undefined : Object.keys((schema as z.ZodMiniObject).shape).toSorted();

describe('endpoints', () => {
  it('has exactly the calls of §7', () => {
    expect(Object.keys(endpoints).toSorted()).toEqual(Object.keys(specification).toSorted());
  });

  it.each(allEndpoints)('%s has the method, path and auth of §7', (name, endpoint) => {
    expect([endpoint.method, endpoint.path, endpoint.auth]).toEqual(specification[name]);
  });

  it('gives every call its own method and path', () => {
    const routes = allEndpoints.map(([, endpoint]) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('needs the bearer token on /api/customers/* and on the two account calls that change a customer', () => {
    // Changing the password and deleting the user act on one customer: the server demands their
    // token as well as the fields §7 names (currentPassword; customerId and customerIdentifier).
    const accountCallsOfACustomer = new Set(['changePassword', 'deleteUser']);
    for (const [name, endpoint] of allEndpoints) {
      expect({ name, auth: endpoint.auth }).toEqual({
        name,
        auth:
          endpoint.path.startsWith('/api/customers/') || accountCallsOfACustomer.has(name)
            ? 'bearer'
            : 'none',
      });
    }
  });

  it('sends only the client-id call to the affiliate origin', () => {
    expect(
      allEndpoints.filter(([, endpoint]) => endpoint.origin === 'affiliate').map(([name]) => name),
    ).toEqual(['clientId']);
  });

  it.each([
    ['loginRefresh', ['refresh']],
    ['logout', ['access', 'refresh']],
    ['activateRegistration', ['token']],
    ['resetPassword', ['token']],
    ['activateCustomerByIdentifier', ['identifier']],
  ] as const)('%s requires the headers %j', (name, headers) => {
    expect(keysOf(endpoints[name].headers)).toEqual(headers);
  });

  it('declares headers on no other call, and every header name is lower-case', () => {
    const withHeaders = allEndpoints
      .filter(([, endpoint]) => endpoint.headers !== undefined)
      .map(([name]) => name);
    expect(withHeaders.toSorted()).toEqual(
      [
        'activateCustomerByIdentifier',
        'activateRegistration',
        'loginRefresh',
        'logout',
        'resetPassword',
      ].toSorted(),
    );
    for (const [, endpoint] of allEndpoints) {
      for (const key of keysOf(endpoint.headers) ?? []) expect(key).toBe(key.toLowerCase());
    }
  });

  it('puts customerId and customerIdentifier in the query of both deletes and nowhere else', () => {
    const withQuery = allEndpoints
      .filter(([, endpoint]) => endpoint.query !== undefined)
      .map(([name]) => name);
    expect(withQuery.toSorted()).toEqual(['deleteCustomer', 'deleteUser']);
    expect(keysOf(endpoints.deleteCustomer.query)).toEqual(['customerId', 'customerIdentifier']);
    expect(keysOf(endpoints.deleteUser.query)).toEqual(['customerId', 'customerIdentifier']);
  });

  it.each(
    allEndpoints.filter(
      ([, endpoint]) => endpoint.method === 'GET' || endpoint.method === 'DELETE',
    ),
  )('%s carries an empty body', (_name, endpoint) => {
    expect(keysOf(endpoint.body)).toEqual([]);
  });
});

const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI2ZjFjIn0.c2ln';
const tokenPair = { access_token: token, refresh_token: token, expires_in: 300 };
const ok = { ok: true };
const bankAccount = { id: 4, accountHolder: 'Anna Schmidt', iban: 'DE89370400440532013000' };
const phone = { id: 2, phone: '+49 170 1234567', type: 'mobile' };
const trade = {
  tradeId: 5512,
  tradeNumber: 'T-2024-005512',
  createdAt: '2024-04-02T14:05:00Z',
  status: 'paid',
  total: 23150,
  devices: [
    {
      deviceId: 1001,
      offerId: 'of_8f2k',
      name: 'Apple iPhone 13 128 GB',
      price: 23150,
      quantity: 1,
    },
  ],
};

/** A realistic exchange per call: what the client sends and what the server answers. */
const exchanges: Record<
  EndpointName,
  { body: unknown; response: unknown; headers?: unknown; query?: unknown }
> = {
  search: {
    body: buildSearchRequest({ kind: 'deviceByUrl', url: iphone13.url }, 'devices_de'),
    response: { kind: 'deviceByUrl', total: 1, hits: [iphone13] },
  },
  login: { body: { username: customer.email, password: 'Sommer-2024' }, response: tokenPair },
  loginRefresh: { body: {}, headers: { refresh: token }, response: tokenPair },
  logout: { body: {}, headers: { access: token, refresh: token }, response: ok },
  register: {
    body: buildRegistrationBody({
      firstName: 'Anna',
      lastName: 'Schmidt',
      email: 'Anna.Schmidt@example.com',
      password: 'Sommer-2024',
      locale: 'de-DE',
      address: berlinAddressInput,
      payment: null,
    }),
    response: ok,
  },
  changePassword: {
    body: {
      password: 'Winter-2025',
      userId: customer.id,
      email: customer.email,
      currentPassword: 'Sommer-2024',
    },
    response: ok,
  },
  forgotPasswordMail: { body: { email: customer.email, lang: 'fr' }, response: ok },
  resendActivation: { body: { email: customer.email, lang: 'de' }, response: ok },
  activateRegistration: {
    body: {},
    headers: { token: 'a1b2c3' },
    response: { token, activated: true },
  },
  activateCustomerByIdentifier: {
    body: {},
    headers: { identifier: 'f00dbabe' },
    response: { activated: true },
  },
  resetPassword: { body: { password: 'Winter-2025' }, headers: { token: 'a1b2c3' }, response: ok },
  deleteCustomer: {
    body: {},
    query: { customerId: customer.id, customerIdentifier: '100234' },
    response: ok,
  },
  deleteUser: {
    body: {},
    query: { customerId: customer.id, customerIdentifier: '100234' },
    response: ok,
  },
  getAddresses: { body: {}, response: [berlinAddress] },
  updateAddresses: {
    body: { ...berlinAddressInput, id: 12, city: 'Berlin-Mitte' },
    response: { ...berlinAddress, city: 'Berlin-Mitte' },
  },
  getBankAccounts: { body: {}, response: [bankAccount] },
  updateBankAccounts: {
    body: { accountHolder: 'Anna Schmidt', iban: 'DE89370400440532013000' },
    response: bankAccount,
  },
  getPaypalAccounts: { body: {}, response: [{ id: 3, email: 'anna@example.com' }] },
  updatePaypalAccounts: {
    body: { id: 3, email: 'anna.s@example.com' },
    response: { id: 3, email: 'anna.s@example.com' },
  },
  getCustomerPaymentAccounts: {
    body: {},
    response: [
      {
        id: 8,
        paypalAccount: '/api/customers/paypal_accounts/3',
        bankAccount: null,
        paymentType: 'INVOICE',
        isPrimary: false,
        customer: customer.iri,
      },
      paymentAccount,
    ],
  },
  createCustomerPaymentAccount: { body: paymentAccountInput, response: paymentAccount },
  createGuestAccountNumber: {
    body: { email: 'guest@example.com', firstName: 'Jean', lastName: 'Dupont', locale: 'fr-FR' },
    response: { accountNumber: 'G-100987', customerIri: '/api/customers/customers/100987' },
  },
  getPhoneContacts: { body: {}, response: [phone] },
  createPhoneContact: { body: { phone: phone.phone, type: 'mobile' }, response: phone },
  updatePhoneContact: {
    body: { ...phone, type: 'landline' },
    response: { ...phone, type: 'landline' },
  },
  getPeople: { body: {}, response: { ...annaPeople, address: null } },
  updatePeople: {
    body: {
      address: '/api/customers/addresses/12',
      peopleIri: customer.peopleIri,
      customerIri: customer.iri,
    },
    response: annaPeople,
  },
  getCustomer: { body: {}, response: customer },
  getTradeHistory: { body: {}, response: [trade] },
  controlling: {
    body: {
      clientId: 'c1d2e3f4a5b6c7d8',
      applicationId: 'tradein-de',
      url: 'https://www.example.de/thankYou',
      eventName: 'trade_created',
      tradeId: 5512,
      revenue: 23150,
      currency: 'EUR',
    },
    response: ok,
  },
  clientId: { body: {}, response: { hash: 'a9f3c2e1b4d5e6f7' } },
};

describe('each endpoint parses a realistic exchange', () => {
  it.each(allEndpoints)('%s', (name, endpoint) => {
    const exchange = exchanges[name];
    expect(endpoint.body.parse(exchange.body)).toEqual(exchange.body);
    expect(endpoint.response.parse(exchange.response)).toEqual(exchange.response);
    expect(endpoint.headers?.parse(exchange.headers)).toEqual(exchange.headers);
    expect(endpoint.query?.parse(exchange.query)).toEqual(exchange.query);
  });

  it('resendActivation takes the address lower-case, as registration sends it', () => {
    const body = endpoints.resendActivation.body.safeParse({
      email: 'Anna@Example.org',
      lang: 'de',
    });
    expect(body.error?.issues.map((issue) => issue.path)).toEqual([['email']]);
  });

  it.each(allEndpoints.filter(([, endpoint]) => keysOf(endpoint.body)?.length !== 0))(
    '%s rejects an empty body',
    (_name, endpoint) => {
      expect(endpoint.body.safeParse({}).success).toBe(false);
    },
  );
});
