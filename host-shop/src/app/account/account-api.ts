import { createAccountAuth, createApiClient, type ApiClient } from '@tradein/client-core';

let client: ApiClient | undefined;

/**
 * The trade API (same origin) as the customer logged in in this browser: calls carry the access
 * token of the client core's account store, refreshed first when it has expired (§4). Browser
 * only; the account pages call it once they run in the browser.
 */
export function accountApi(): ApiClient {
  client ??= createApiClient({ baseUrl: '', environment: 'production', auth: createAccountAuth() });
  return client;
}
