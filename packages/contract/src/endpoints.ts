import * as z from 'zod/mini';
import {
  activationAnswerSchema,
  changePasswordRequestSchema,
  customerActivationSchema,
  deleteAccountQuerySchema,
  forgotPasswordRequestSchema,
  identifierHeadersSchema,
  loginRequestSchema,
  logoutHeadersSchema,
  refreshHeadersSchema,
  resendActivationRequestSchema,
  resetPasswordRequestSchema,
  tokenHeadersSchema,
  tokenPairSchema,
} from './account.ts';
import {
  addressPatchSchema,
  addressSchema,
  customerSchema,
  guestAccountNumberSchema,
  guestAccountRequestSchema,
  peoplePatchSchema,
  peopleSchema,
  phoneContactInputSchema,
  phoneContactSchema,
  tradeHistoryEntrySchema,
} from './customer.ts';
import {
  bankAccountPatchSchema,
  bankAccountSchema,
  customerPaymentAccountInputSchema,
  customerPaymentAccountSchema,
  paypalAccountPatchSchema,
  paypalAccountSchema,
} from './payment-accounts.ts';
import { defineEndpoint } from './endpoint.ts';
import { emptyBodySchema, okResponseSchema } from './primitives.ts';
import { searchEndpoint } from './search-endpoint.ts';
import { clientIdEndpoint, controllingEndpoint } from './tracking-endpoints.ts';
import { registerEndpoint } from './register-endpoint.ts';

// The search call lives in its own module: a browser's first search then loads its schemas
// only, not every call's (bundlers keep a module's used definitions together).
export { searchEndpoint } from './search-endpoint.ts';
export { clientIdEndpoint, controllingEndpoint } from './tracking-endpoints.ts';
export { registerEndpoint } from './register-endpoint.ts';

/** Logs in with e-mail and password; answers the token pair. */
export const loginEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/account/login',
  auth: 'none',
  body: loginRequestSchema,
  response: tokenPairSchema,
});

/** Trades the refresh token (header `refresh`) for a new token pair. */
export const loginRefreshEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/account/loginRefresh',
  auth: 'none',
  body: emptyBodySchema,
  response: tokenPairSchema,
  headers: refreshHeadersSchema,
});

/** Ends the session of both tokens (headers `access` and `refresh`). */
export const logoutEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/account/logout',
  auth: 'none',
  body: emptyBodySchema,
  response: okResponseSchema,
  headers: logoutHeadersSchema,
});

/** Changes the password, proven by the current one. */
export const changePasswordEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/account/changePassword',
  auth: 'bearer',
  body: changePasswordRequestSchema,
  response: okResponseSchema,
});

/** Sends the password-reset mail; answers the same whether or not the address is known. */
export const forgotPasswordMailEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/account/forgotPasswordMail',
  auth: 'none',
  body: forgotPasswordRequestSchema,
  response: okResponseSchema,
});

/**
 * Sends a fresh activation link when the address is registered and not yet activated; answers
 * the same whether or not it is.
 */
export const resendActivationEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/account/resendActivation',
  auth: 'none',
  body: resendActivationRequestSchema,
  response: okResponseSchema,
});

/** Activates a registration by the mailed token (header `token`); read the answer with `parseActivation`. */
export const activateRegistrationEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/account/activateRegistration',
  auth: 'none',
  body: emptyBodySchema,
  response: activationAnswerSchema,
  headers: tokenHeadersSchema,
});

/** Activates a customer by the identifier of a mailed link (header `identifier`). */
export const activateCustomerByIdentifierEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/activateCustomerByIdentifier',
  auth: 'none',
  body: emptyBodySchema,
  response: customerActivationSchema,
  headers: identifierHeadersSchema,
});

/** Sets a new password with the mailed reset token (header `token`). */
export const resetPasswordEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/account/resetPassword',
  auth: 'none',
  body: resetPasswordRequestSchema,
  response: okResponseSchema,
  headers: tokenHeadersSchema,
});

/** Deletes the customer record. */
export const deleteCustomerEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'DELETE',
  path: '/api/customers/customers',
  auth: 'bearer',
  body: emptyBodySchema,
  response: okResponseSchema,
  query: deleteAccountQuerySchema,
});

/** Deletes the login account. */
export const deleteUserEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'DELETE',
  path: '/api/account/deleteUser',
  auth: 'bearer',
  body: emptyBodySchema,
  response: okResponseSchema,
  query: deleteAccountQuerySchema,
});

/** The customer's addresses. */
export const getAddressesEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/customers/addresses',
  auth: 'bearer',
  body: emptyBodySchema,
  response: /* @__PURE__ */ z.array(addressSchema),
});

/** Updates an address (with `id`) or adds one (without); answers the stored address. */
export const updateAddressesEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'PATCH',
  path: '/api/customers/addresses',
  auth: 'bearer',
  body: addressPatchSchema,
  response: addressSchema,
});

/** The customer's bank accounts. */
export const getBankAccountsEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/customers/bank_accounts',
  auth: 'bearer',
  body: emptyBodySchema,
  response: /* @__PURE__ */ z.array(bankAccountSchema),
});

/** Updates a bank account (with `id`) or adds one (without); answers the stored account. */
export const updateBankAccountsEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'PATCH',
  path: '/api/customers/bank_accounts',
  auth: 'bearer',
  body: bankAccountPatchSchema,
  response: bankAccountSchema,
});

/** The customer's PayPal accounts. */
export const getPaypalAccountsEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/customers/paypal_accounts',
  auth: 'bearer',
  body: emptyBodySchema,
  response: /* @__PURE__ */ z.array(paypalAccountSchema),
});

/** Updates a PayPal account (with `id`) or adds one (without); answers the stored account. */
export const updatePaypalAccountsEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'PATCH',
  path: '/api/customers/paypal_accounts',
  auth: 'bearer',
  body: paypalAccountPatchSchema,
  response: paypalAccountSchema,
});

/** The customer's payment accounts: which payout account each links and which one is primary. */
export const getCustomerPaymentAccountsEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/customers/customer_payment_accounts',
  auth: 'bearer',
  body: emptyBodySchema,
  response: /* @__PURE__ */ z.array(customerPaymentAccountSchema),
});

/** Links a payout account (PayPal or bank) to the customer. */
export const createCustomerPaymentAccountEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/customers/customer_payment_accounts',
  auth: 'bearer',
  body: customerPaymentAccountInputSchema,
  response: customerPaymentAccountSchema,
});

/** Creates the account number a guest trade is booked on. */
export const createGuestAccountNumberEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/customers/guest_account_number',
  auth: 'bearer',
  body: guestAccountRequestSchema,
  response: guestAccountNumberSchema,
});

/** The customer's phone contacts. */
export const getPhoneContactsEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/customers/phone_contacts',
  auth: 'bearer',
  body: emptyBodySchema,
  response: /* @__PURE__ */ z.array(phoneContactSchema),
});

/** Adds a phone contact. */
export const createPhoneContactEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/customers/phone_contacts',
  auth: 'bearer',
  body: phoneContactInputSchema,
  response: phoneContactSchema,
});

/** Updates a phone contact. */
export const updatePhoneContactEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'PATCH',
  path: '/api/customers/phone_contacts',
  auth: 'bearer',
  body: phoneContactSchema,
  response: phoneContactSchema,
});

/** The customer's person record: salutation, names and current address (null when none). */
export const getPeopleEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/customers/people',
  auth: 'bearer',
  body: emptyBodySchema,
  response: peopleSchema,
});

/** Sets the address of the customer's person record. */
export const updatePeopleEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'PATCH',
  path: '/api/customers/people',
  auth: 'bearer',
  body: peoplePatchSchema,
  response: peopleSchema,
});

/** The logged-in customer. */
export const getCustomerEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/customers/customers',
  auth: 'bearer',
  body: emptyBodySchema,
  response: customerSchema,
});

/** The customer's trades, newest first. */
export const getTradeHistoryEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/customers/trade_history',
  auth: 'bearer',
  body: emptyBodySchema,
  response: /* @__PURE__ */ z.array(tradeHistoryEntrySchema),
});

/**
 * Every call of §7, by the name client and server use for it. Paths are exactly those of §7
 * (`{tradeBase}` is `/api/trade`); every `/api/customers/*` call needs the bearer token.
 * Calls that change something without returning data answer `{ ok: true }`; every non-2xx
 * answer has the body of `apiErrorSchema`.
 */
export const endpoints = {
  search: searchEndpoint,
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
  controlling: controllingEndpoint,
  clientId: clientIdEndpoint,
};

/** The name of a call of the trade API. */
export type EndpointName = keyof typeof endpoints;
