import {
  activateCustomerByIdentifierEndpoint,
  activateRegistrationEndpoint,
  changePasswordEndpoint,
  createCustomerPaymentAccountEndpoint,
  createGuestAccountNumberEndpoint,
  createPhoneContactEndpoint,
  deleteCustomerEndpoint,
  deleteUserEndpoint,
  type Endpoint,
  forgotPasswordMailEndpoint,
  getAddressesEndpoint,
  getBankAccountsEndpoint,
  getCustomerEndpoint,
  getCustomerPaymentAccountsEndpoint,
  getPaypalAccountsEndpoint,
  getPeopleEndpoint,
  getPhoneContactsEndpoint,
  getTradeHistoryEndpoint,
  guestSessionEndpoint,
  loginEndpoint,
  loginRefreshEndpoint,
  logoutEndpoint,
  registerEndpoint,
  resendActivationEndpoint,
  resetPasswordEndpoint,
  updateAddressesEndpoint,
  updateBankAccountsEndpoint,
  updatePaypalAccountsEndpoint,
  updatePeopleEndpoint,
  updatePhoneContactEndpoint,
} from '@tradein/contract';
import * as fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';

import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import {
  createCustomer,
  type TestCustomer,
  useAccountServer,
} from '../../test-kit/account-test-kit.ts';

/** Every call this feature serves. */
const featureEndpoints: [string, Endpoint][] = Object.entries({
  login: loginEndpoint,
  loginRefresh: loginRefreshEndpoint,
  logout: logoutEndpoint,
  register: registerEndpoint,
  changePassword: changePasswordEndpoint,
  forgotPasswordMail: forgotPasswordMailEndpoint,
  resendActivation: resendActivationEndpoint,
  activateRegistration: activateRegistrationEndpoint,
  activateCustomerByIdentifier: activateCustomerByIdentifierEndpoint,
  resetPassword: resetPasswordEndpoint,
  deleteCustomer: deleteCustomerEndpoint,
  deleteUser: deleteUserEndpoint,
  getAddresses: getAddressesEndpoint,
  updateAddresses: updateAddressesEndpoint,
  getBankAccounts: getBankAccountsEndpoint,
  updateBankAccounts: updateBankAccountsEndpoint,
  getPaypalAccounts: getPaypalAccountsEndpoint,
  updatePaypalAccounts: updatePaypalAccountsEndpoint,
  getCustomerPaymentAccounts: getCustomerPaymentAccountsEndpoint,
  createCustomerPaymentAccount: createCustomerPaymentAccountEndpoint,
  createGuestAccountNumber: createGuestAccountNumberEndpoint,
  getPhoneContacts: getPhoneContactsEndpoint,
  createPhoneContact: createPhoneContactEndpoint,
  updatePhoneContact: updatePhoneContactEndpoint,
  getPeople: getPeopleEndpoint,
  updatePeople: updatePeopleEndpoint,
  getCustomer: getCustomerEndpoint,
  getTradeHistory: getTradeHistoryEndpoint,
  guestSession: guestSessionEndpoint,
});

/** Header values a browser can send: visible ASCII. */
const headerValue = fc.stringMatching(/^[\x21-\x7e]{0,60}$/);

describe.each(testDatabases())('bad input on $name', (engine) => {
  let customer: TestCustomer;

  const server = useAccountServer(engine, { failuresPerIp: 100_000 });
  beforeAll(async () => {
    customer = await createCustomer(server.api, 'fuzz@example.org');
  });

  it.each(featureEndpoints)(
    '%s never answers 5xx and never changes the database',
    async (_, endpoint) => {
      const before = await rowCounts(server.db);
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.jsonValue(),
            fc.dictionary(
              fc.constantFrom('username', 'password', 'email', 'id', 'locale', 'phone', 'address'),
              fc.jsonValue(),
            ),
          ),
          fc.record(
            {
              access: headerValue,
              refresh: headerValue,
              token: headerValue,
              identifier: headerValue,
            },
            { requiredKeys: [] },
          ),
          fc.boolean(),
          fc.dictionary(fc.constantFrom('customerId', 'customerIdentifier', 'x'), headerValue),
          async (body, headers, withToken, query) => {
            const search = new URLSearchParams(query).toString();
            const answer = await server.api.call(
              endpoint.method,
              `${endpoint.path}${search === '' ? '' : `?${search}`}`,
              {
                headers,
                ...(endpoint.method === 'GET' ? {} : { body }),
                ...(withToken ? { token: customer.accessToken } : {}),
              },
            );
            if (answer.status >= 500) return false;
            if (answer.status < 400) return true;
            return (
              typeof answer.body.error?.code === 'string' && !/\.ts\b|\n\s+at /.test(answer.text)
            );
          },
        ),
        { numRuns: 40 },
      );
      expect(await rowCounts(server.db)).toEqual(before);
    },
  );
});
