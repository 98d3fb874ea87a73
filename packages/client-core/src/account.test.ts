import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getTradeHistoryEndpoint } from '@tradein/contract';
import type { AccountState } from '@tradein/contract';
import {
  $account,
  ACCOUNT_CHANGED_EVENT,
  ACCOUNT_STORAGE_KEY,
  LOGGED_OUT_ACCOUNT,
  createAccountAuth,
  login,
  logout,
  refresh,
  registerGuest,
  startAccount,
  startGuestSession,
} from './account.ts';
import type { LoggedInCustomer } from './account.ts';
import { ApiAuthError, ApiHttpError } from './api-errors.ts';
import { createApiClient } from './http-client.ts';
import type { ApiClient } from './http-client.ts';
import { customer } from '@tradein/contract/test-fixtures';

const password = 'Sup3r-Secret-Passw0rd!';
const customerId = customer.id;

/** An unsigned JWT with the given claims; the client never checks signatures. */
function base64UrlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function jwt(claims: Record<string, unknown>): string {
  return `${base64UrlJson({ alg: 'HS256', typ: 'JWT' })}.${base64UrlJson(claims)}.c2lnbmF0dXJl`;
}

const firstExp = 1_700_000_000;
const secondExp = firstExp + 900;
const firstAccess = jwt({ sub: customerId, exp: firstExp });
const secondAccess = jwt({ sub: customerId, exp: secondExp });

const guestId = '9d3e1f20-5b7a-4c11-9e2f-3a4b5c6d7e8f';
/** The guest session starts a minute before firstExp (the tests' clock) and lasts 2 h. */
const guestStart = (firstExp - 60) * 1000;
const guestLifetime = 7200;
const guestExpiry = guestStart + guestLifetime * 1000;
const guestAccess = jwt({ sub: guestId, exp: guestExpiry / 1000 });
const guestNumber = 'G4821930576';

interface Recorded {
  readonly route: string;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

type Handler = (request: Recorded) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status });
}

/** A stubbed trade API: handlers by "METHOD /path", every request recorded. */
function createServer() {
  const requests: Recorded[] = [];
  const handlers = new Map<string, Handler>([
    [
      'POST /api/account/login',
      () => json(200, { access_token: firstAccess, refresh_token: 'r-1' }),
    ],
    ['GET /api/customers/customers', () => json(200, customer)],
    [
      'POST /api/account/loginRefresh',
      () => json(200, { access_token: secondAccess, refresh_token: 'r-2' }),
    ],
    ['POST /api/account/logout', () => json(200, { ok: true })],
    ['GET /api/customers/trade_history', () => json(200, [])],
    [
      'POST /api/account/guestSession',
      () =>
        json(200, { access_token: guestAccess, expires_in: guestLifetime, token_type: 'Bearer' }),
    ],
    [
      'POST /api/customers/guest_account_number',
      () =>
        json(200, {
          accountNumber: guestNumber,
          customerIri: `/api/customers/customers/${guestId}`,
        }),
    ],
  ]);
  const fetchStub: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const request: Recorded = {
      route: `${init?.method ?? 'GET'} ${url.pathname}`,
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const handler = handlers.get(request.route);
    return handler ? handler(request) : json(404, { error: { code: 'not_found', message: 'no' } });
  };
  const to = (route: string) => requests.filter((request) => request.route === route);
  return { requests, handlers, fetchStub, to };
}

let clock = 0;
let server = createServer();
let client: ApiClient = makeClient();
const stops: (() => void)[] = [];

function makeClient(): ApiClient {
  return createApiClient({
    baseUrl: 'https://api.example.test',
    environment: 'production',
    fetch: server.fetchStub,
    auth: createAccountAuth({ now: () => clock }),
  });
}

function dumpStorage(storage: Storage): string {
  return Array.from({ length: storage.length }, (_unused, index) => {
    const key = storage.key(index) ?? '';
    return `${key}=${storage.getItem(key) ?? ''}`;
  }).join('\n');
}

/** Everything in localStorage and sessionStorage, as one string. */
function allStorage(): string {
  return `${dumpStorage(localStorage)}\n${dumpStorage(sessionStorage)}`;
}

/** A promise the test resolves when it chooses, to hold a request open. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let release: ((value: void) => void) | undefined;
  const promise = new Promise<void>((done) => {
    release = done;
  });
  return { promise, resolve: () => release?.() };
}

/** The account module as a freshly loaded page sees it (storage is kept, memory is not). */
async function reloadPage() {
  vi.resetModules();
  return import('./account.ts');
}

/** Another tab wrote (or removed, for null) the account key. */
function otherTabWrites(newValue: string | null): void {
  if (newValue === null) localStorage.removeItem(ACCOUNT_STORAGE_KEY);
  else localStorage.setItem(ACCOUNT_STORAGE_KEY, newValue);
  window.dispatchEvent(
    new StorageEvent('storage', { key: ACCOUNT_STORAGE_KEY, newValue, storageArea: localStorage }),
  );
}

const loggedIn: AccountState = {
  isLoggedIn: true,
  email: customer.email,
  accessToken: firstAccess,
  refreshToken: 'r-1',
  customerId,
  customerNumber: customer.customerNumber,
  customerData: customer,
  tokenExpiry: firstExp * 1000,
  remember: true,
  isGuest: false,
};

beforeEach(async () => {
  clock = firstExp * 1000 - 60_000;
  server = createServer();
  client = makeClient();
  await logout(client);
  localStorage.clear();
  sessionStorage.clear();
  server.requests.length = 0;
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

// nanostores unmounts a store a second after its last listener leaves: let that happen while
// this file's window still exists, not after the test environment is torn down.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 1100)));

describe('login', () => {
  it('stores the tokens, customerId = sub and tokenExpiry = exp, then loads the customer', async () => {
    const state = await login(client, { username: customer.email, password, remember: true });
    expect(state).toEqual(loggedIn);
    expect($account.get()).toEqual(loggedIn);
    expect(server.to('POST /api/account/login')[0]?.body).toEqual({
      username: customer.email,
      password,
    });
    expect(server.to('GET /api/customers/customers')[0]?.headers.authorization).toBe(
      `Bearer ${firstAccess}`,
    );
  });

  it('leaves the account logged out when the credentials are rejected', async () => {
    server.handlers.set('POST /api/account/login', () =>
      json(401, { error: { code: 'unauthorized', message: 'wrong password' } }),
    );
    const error = await login(client, { username: customer.email, password, remember: true }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiHttpError);
    expect($account.get()).toEqual(LOGGED_OUT_ACCOUNT);
    expect(server.to('GET /api/customers/customers')).toHaveLength(0);
  });

  it.each([
    ['no sub', jwt({ exp: firstExp })],
    ['no exp', jwt({ sub: customerId })],
    ['not a JWT', 'opaque-token'],
  ])('rejects an access token with %s and stores nothing', async (_case, token) => {
    server.handlers.set('POST /api/account/login', () =>
      json(200, { access_token: token, refresh_token: 'r-1' }),
    );
    await expect(
      login(client, { username: customer.email, password, remember: true }),
    ).rejects.toThrow(/access token/);
    expect($account.get()).toEqual(LOGGED_OUT_ACCOUNT);
    expect(localStorage.getItem(ACCOUNT_STORAGE_KEY)).toBeNull();
  });

  it('undoes the login when the customer cannot be loaded', async () => {
    server.handlers.set('GET /api/customers/customers', () => json(500, {}));
    await expect(
      login(client, { username: customer.email, password, remember: true }),
    ).rejects.toMatchObject({ name: 'ApiHttpError', status: 500 });
    expect($account.get()).toEqual(LOGGED_OUT_ACCOUNT);
    expect(server.to('POST /api/account/logout')[0]?.headers).toMatchObject({
      access: firstAccess,
      refresh: 'r-1',
    });
  });
});

describe('bearer calls and refresh', () => {
  it('sends the access token as bearer', async () => {
    await login(client, { username: customer.email, password, remember: true });
    await client.call(getTradeHistoryEndpoint);
    expect(server.to('GET /api/customers/trade_history')[0]?.headers.authorization).toBe(
      `Bearer ${firstAccess}`,
    );
  });

  it('does not refresh one millisecond before tokenExpiry', async () => {
    await login(client, { username: customer.email, password, remember: true });
    clock = firstExp * 1000 - 1;
    await client.call(getTradeHistoryEndpoint);
    expect(server.to('POST /api/account/loginRefresh')).toHaveLength(0);
    expect(server.to('GET /api/customers/trade_history')[0]?.headers.authorization).toBe(
      `Bearer ${firstAccess}`,
    );
  });

  it('refreshes first at exactly tokenExpiry and sends the new token', async () => {
    await login(client, { username: customer.email, password, remember: true });
    clock = firstExp * 1000;
    await client.call(getTradeHistoryEndpoint);
    const refreshes = server.to('POST /api/account/loginRefresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.headers.refresh).toBe('r-1');
    expect(server.to('GET /api/customers/trade_history')[0]?.headers.authorization).toBe(
      `Bearer ${secondAccess}`,
    );
    expect($account.get()).toEqual({
      ...loggedIn,
      accessToken: secondAccess,
      refreshToken: 'r-2',
      tokenExpiry: secondExp * 1000,
    });
  });

  it('shares one refresh among 5 concurrent bearer calls with an expired token', async () => {
    await login(client, { username: customer.email, password, remember: true });
    const gate = deferred();
    server.handlers.set('POST /api/account/loginRefresh', async () => {
      await gate.promise;
      return json(200, { access_token: secondAccess, refresh_token: 'r-2' });
    });
    clock = firstExp * 1000 + 5_000;
    const calls = Array.from({ length: 5 }, () => client.call(getTradeHistoryEndpoint));
    gate.resolve();
    await Promise.all(calls);
    expect(server.to('POST /api/account/loginRefresh')).toHaveLength(1);
    const history = server.to('GET /api/customers/trade_history');
    expect(history).toHaveLength(5);
    for (const request of history) {
      expect(request.headers.authorization).toBe(`Bearer ${secondAccess}`);
    }
  });

  it.each<[string, Handler]>([
    ['401', () => json(401, { error: { code: 'unauthorized', message: 'expired' } })],
    ['500', () => json(500, {})],
    [
      'network error',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
    ['malformed answer', () => json(200, { access_token: 'x' })],
  ])('refresh failure (%s) logs out and clears storage', async (_case, handler) => {
    await login(client, { username: customer.email, password, remember: true });
    expect(localStorage.getItem(ACCOUNT_STORAGE_KEY)).not.toBeNull();
    server.handlers.set('POST /api/account/loginRefresh', handler);
    clock = firstExp * 1000;
    const error = await client.call(getTradeHistoryEndpoint).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiAuthError);
    expect($account.get()).toEqual(LOGGED_OUT_ACCOUNT);
    expect(localStorage.getItem(ACCOUNT_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(ACCOUNT_STORAGE_KEY)).toBeNull();
    expect(server.to('GET /api/customers/trade_history')).toHaveLength(0);
  });

  it('refresh without a login rejects and stays logged out, sending nothing', async () => {
    await expect(refresh(client)).rejects.toBeInstanceOf(ApiAuthError);
    expect($account.get()).toEqual(LOGGED_OUT_ACCOUNT);
    expect(server.requests).toHaveLength(0);
  });

  it('keeps a session that another tab refreshed while this refresh failed', async () => {
    await login(client, { username: customer.email, password, remember: true });
    stops.push(startAccount({ report: () => {} }));
    const rotatedElsewhere: AccountState = {
      ...loggedIn,
      accessToken: secondAccess,
      refreshToken: 'r-other-tab',
      tokenExpiry: secondExp * 1000,
    };
    server.handlers.set('POST /api/account/loginRefresh', () => {
      otherTabWrites(JSON.stringify(rotatedElsewhere));
      return json(401, { error: { code: 'unauthorized', message: 'rotated' } });
    });
    await refresh(client);
    expect($account.get()).toEqual(rotatedElsewhere);
  });

  it('does not bring back a session logged out during the refresh', async () => {
    await login(client, { username: customer.email, password, remember: true });
    const gate = deferred();
    server.handlers.set('POST /api/account/loginRefresh', async () => {
      await gate.promise;
      return json(200, { access_token: secondAccess, refresh_token: 'r-2' });
    });
    const refreshing = refresh(client);
    await logout(client);
    gate.resolve();
    await refreshing;
    expect($account.get()).toEqual(LOGGED_OUT_ACCOUNT);
  });
});

describe('logout', () => {
  it('sends both tokens and clears tokens, customer and email', async () => {
    await login(client, { username: customer.email, password, remember: true });
    await logout(client);
    expect(server.to('POST /api/account/logout')[0]?.headers).toMatchObject({
      access: firstAccess,
      refresh: 'r-1',
    });
    expect($account.get()).toEqual(LOGGED_OUT_ACCOUNT);
    expect(allStorage().trim()).toBe('');
  });

  it.each<[string, Handler]>([
    ['500', () => json(500, {})],
    [
      'network error',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('clears the local state even when the call fails (%s)', async (_case, handler) => {
    await login(client, { username: customer.email, password, remember: false });
    server.handlers.set('POST /api/account/logout', handler);
    await expect(logout(client)).resolves.toBeUndefined();
    expect($account.get()).toEqual(LOGGED_OUT_ACCOUNT);
    expect(allStorage().trim()).toBe('');
  });
});

describe('start', () => {
  it('logs out a logged-in user without a customerNumber', async () => {
    localStorage.setItem(
      ACCOUNT_STORAGE_KEY,
      JSON.stringify({ ...loggedIn, customerNumber: null, customerData: null }),
    );
    const page = await reloadPage();
    expect(page.$account.get().isLoggedIn).toBe(true);
    const report = vi.fn<(customer: LoggedInCustomer) => void>();
    stops.push(page.startAccount({ report }));
    expect(page.$account.get()).toEqual(LOGGED_OUT_ACCOUNT);
    expect(localStorage.getItem(ACCOUNT_STORAGE_KEY)).toBeNull();
    expect(report).not.toHaveBeenCalled();
  });

  it('tells the server about that logout when given a client', async () => {
    localStorage.setItem(
      ACCOUNT_STORAGE_KEY,
      JSON.stringify({ ...loggedIn, customerNumber: null, customerData: null }),
    );
    const page = await reloadPage();
    stops.push(page.startAccount({ report: () => {}, client }));
    await vi.waitFor(() => expect(server.to('POST /api/account/logout')).toHaveLength(1));
    expect(page.$account.get()).toEqual(LOGGED_OUT_ACCOUNT);
  });

  it('reports a logged-in customer once', async () => {
    localStorage.setItem(ACCOUNT_STORAGE_KEY, JSON.stringify(loggedIn));
    const page = await reloadPage();
    const report = vi.fn<(customer: LoggedInCustomer) => void>();
    stops.push(page.startAccount({ report }));
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith({ customerId, customerNumber: customer.customerNumber });
    expect(page.$account.get()).toEqual(loggedIn);
  });

  it('reports nobody when nobody is logged in', () => {
    const report = vi.fn<(customer: LoggedInCustomer) => void>();
    stops.push(startAccount({ report }));
    expect(report).not.toHaveBeenCalled();
  });

  it('survives a throwing report callback', () => {
    localStorage.setItem(ACCOUNT_STORAGE_KEY, JSON.stringify(loggedIn));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    return reloadPage().then((page) => {
      expect(() =>
        stops.push(
          page.startAccount({
            report: () => {
              throw new Error('tracking down');
            },
          }),
        ),
      ).not.toThrow();
      expect(consoleError).toHaveBeenCalledTimes(1);
      consoleError.mockRestore();
    });
  });
});

describe('persistence', () => {
  it('remember: the session survives a reload through localStorage', async () => {
    await login(client, { username: customer.email, password, remember: true });
    expect(sessionStorage.getItem(ACCOUNT_STORAGE_KEY)).toBeNull();
    const page = await reloadPage();
    expect(page.$account.get()).toEqual(loggedIn);
  });

  it('no remember: nothing is written to localStorage, the tab keeps its session', async () => {
    await login(client, { username: customer.email, password, remember: false });
    expect(localStorage.length).toBe(0);
    expect($account.get()).toEqual({ ...loggedIn, remember: false });
    const sameTab = await reloadPage();
    expect(sameTab.$account.get()).toEqual({ ...loggedIn, remember: false });
    sessionStorage.clear();
    const newTab = await reloadPage();
    expect(newTab.$account.get()).toEqual(LOGGED_OUT_ACCOUNT);
  });

  it('no remember: a refresh keeps working and still writes nothing long-lived', async () => {
    await login(client, { username: customer.email, password, remember: false });
    clock = firstExp * 1000;
    await client.call(getTradeHistoryEndpoint);
    expect($account.get().accessToken).toBe(secondAccess);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.getItem(ACCOUNT_STORAGE_KEY)).toContain('r-2');
  });

  it('no remember: drops a remembered login of this browser', async () => {
    await login(client, { username: customer.email, password, remember: true });
    await login(client, { username: customer.email, password, remember: false });
    expect(localStorage.getItem(ACCOUNT_STORAGE_KEY)).toBeNull();
  });

  it('follows a login and a logout in another tab (storage events)', async () => {
    stops.push(startAccount({ report: () => {} }));
    otherTabWrites(JSON.stringify(loggedIn));
    expect($account.get()).toEqual(loggedIn);
    otherTabWrites(null);
    expect($account.get()).toEqual(LOGGED_OUT_ACCOUNT);
  });

  it('another tab sees this tab’s refreshed tokens', async () => {
    await login(client, { username: customer.email, password, remember: true });
    const otherTab = await reloadPage();
    stops.push(otherTab.startAccount({ report: () => {} }));
    await refresh(client);
    const written = localStorage.getItem(ACCOUNT_STORAGE_KEY);
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: ACCOUNT_STORAGE_KEY,
        newValue: written,
        storageArea: localStorage,
      }),
    );
    expect(otherTab.$account.get().accessToken).toBe(secondAccess);
  });

  it('reads a corrupt value from another tab as logged out without throwing', () => {
    stops.push(startAccount({ report: () => {} }));
    otherTabWrites(JSON.stringify(loggedIn));
    expect(() => otherTabWrites('{"isLoggedIn":tru')).not.toThrow();
    expect($account.get()).toEqual(LOGGED_OUT_ACCOUNT);
  });

  it.each([
    ['not JSON', '{"isLoggedIn":'],
    ['JSON null', 'null'],
    ['an empty object', '{}'],
    ['a negative expiry', JSON.stringify({ ...loggedIn, tokenExpiry: -1 })],
    ['logged in without tokens', JSON.stringify({ ...loggedIn, accessToken: null })],
    ['a bad email', JSON.stringify({ ...loggedIn, email: 'not-an-email' })],
  ])('reads %s in storage back as logged out', async (_case, stored) => {
    localStorage.setItem(ACCOUNT_STORAGE_KEY, stored);
    sessionStorage.setItem(ACCOUNT_STORAGE_KEY, stored);
    const page = await reloadPage();
    expect(page.$account.get()).toEqual(LOGGED_OUT_ACCOUNT);
    stops.push(page.startAccount({ report: () => {} }));
    expect(page.$account.get()).toEqual(LOGGED_OUT_ACCOUNT);
    expect(allStorage().trim()).toBe('');
  });
});

describe('passwords', () => {
  it.each([true, false])('never reach storage (remember %s)', async (remember) => {
    await login(client, { username: customer.email, password, remember });
    expect(allStorage()).not.toBe('');
    expect(allStorage()).not.toContain(password);
    expect(JSON.stringify($account.get())).not.toContain(password);
    clock = firstExp * 1000;
    await refresh(client);
    expect(allStorage()).not.toContain(password);
  });

  it('drops a password that an old version stored, on read and at start', async () => {
    localStorage.setItem(ACCOUNT_STORAGE_KEY, JSON.stringify({ ...loggedIn, password }));
    const page = await reloadPage();
    expect(page.$account.get()).toEqual(loggedIn);
    expect(page.$account.get()).not.toHaveProperty('password');
    stops.push(page.startAccount({ report: () => {} }));
    expect(allStorage()).not.toContain(password);
    expect(page.$account.get()).toEqual(loggedIn);
  });
});

/** Starts a guest session in German at the tests' clock. */
function startGuest() {
  return startGuestSession(client, { locale: 'de-DE' }, { now: () => clock });
}

describe('guest session', () => {
  const guest: AccountState = {
    ...LOGGED_OUT_ACCOUNT,
    isGuest: true,
    accessToken: guestAccess,
    customerId: guestId,
    tokenExpiry: guestExpiry,
  };
  const details = {
    email: 'Gast.Kunde@Example.com',
    firstName: 'Gerda',
    lastName: 'Gast',
    locale: 'de-DE',
  };

  it('keeps the guest token as a guest: not logged in, no refresh token, expiry from the token', async () => {
    const state = await startGuest();
    expect(state).toEqual(guest);
    expect($account.get()).toEqual(guest);
    expect(server.to('POST /api/account/guestSession')[0]?.body).toEqual({ locale: 'de-DE' });
    expect(JSON.parse(sessionStorage.getItem(ACCOUNT_STORAGE_KEY) ?? 'null')).toEqual(guest);
    expect(localStorage.length).toBe(0);
  });

  it.each([
    [
      'the token expires first',
      jwt({ sub: guestId, exp: guestStart / 1000 + 600 }),
      guestStart + 600_000,
      guestId,
    ],
    [
      'expires_in ends first',
      jwt({ sub: guestId, exp: guestExpiry / 1000 + 600 }),
      guestExpiry,
      guestId,
    ],
    ['the token is not a JWT', 'opaque-guest-token', guestExpiry, null],
  ])('takes the earlier expiry when %s', async (_case, token, expiry, id) => {
    server.handlers.set('POST /api/account/guestSession', () =>
      json(200, { access_token: token, expires_in: guestLifetime, token_type: 'Bearer' }),
    );
    const state = await startGuest();
    expect(state.tokenExpiry).toBe(expiry);
    expect(state.customerId).toBe(id);
    expect(state.accessToken).toBe(token);
  });

  it('stores nothing when the guest session is refused', async () => {
    server.handlers.set('POST /api/account/guestSession', () =>
      json(429, { error: { code: 'too_many_attempts', message: 'later' } }),
    );
    await expect(startGuest()).rejects.toBeInstanceOf(ApiHttpError);
    expect($account.get()).toEqual(LOGGED_OUT_ACCOUNT);
    expect(allStorage().trim()).toBe('');
  });

  it('registers the guest with its bearer token and keeps the account number', async () => {
    await startGuest();
    const state = await registerGuest(client, details);
    const sent = server.to('POST /api/customers/guest_account_number')[0];
    expect(sent?.headers.authorization).toBe(`Bearer ${guestAccess}`);
    expect(sent?.body).toEqual(details);
    expect(state).toEqual({
      ...guest,
      email: 'gast.kunde@example.com',
      customerNumber: guestNumber,
    });
    expect($account.get()).toEqual(state);
    expect(localStorage.length).toBe(0);
  });

  it('refuses to register without a guest session, sending nothing', async () => {
    await expect(registerGuest(client, details)).rejects.toBeInstanceOf(ApiAuthError);
    await login(client, { username: customer.email, password, remember: false });
    await expect(registerGuest(client, details)).rejects.toBeInstanceOf(ApiAuthError);
    expect(server.to('POST /api/customers/guest_account_number')).toHaveLength(0);
  });

  it('does not store a registration whose guest session ended meanwhile', async () => {
    await startGuest();
    const hold = deferred();
    server.handlers.set('POST /api/customers/guest_account_number', async () => {
      await hold.promise;
      return json(200, {
        accountNumber: guestNumber,
        customerIri: `/api/customers/customers/${guestId}`,
      });
    });
    const registering = registerGuest(client, details);
    await vi.waitFor(() =>
      expect(server.to('POST /api/customers/guest_account_number')).toHaveLength(1),
    );
    await logout(client);
    hold.resolve();
    await expect(registering).rejects.toThrow('the guest session ended while registering');
    expect($account.get()).toEqual(LOGGED_OUT_ACCOUNT);
  });

  it('sends the guest token on bearer calls until one millisecond before expiry, without refresh', async () => {
    await startGuest();
    clock = guestExpiry - 1;
    await client.call(getTradeHistoryEndpoint);
    expect(server.to('GET /api/customers/trade_history')[0]?.headers.authorization).toBe(
      `Bearer ${guestAccess}`,
    );
    expect(server.to('POST /api/account/loginRefresh')).toHaveLength(0);
  });

  it('fails a bearer call at expiry with ApiAuthError and clears the guest, sending nothing', async () => {
    await startGuest();
    await registerGuest(client, details);
    clock = guestExpiry;
    const error = await client.call(getTradeHistoryEndpoint).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiAuthError);
    expect((error as ApiAuthError).message).toContain('the guest session has expired');
    expect(server.to('GET /api/customers/trade_history')).toHaveLength(0);
    expect(server.to('POST /api/account/loginRefresh')).toHaveLength(0);
    expect($account.get()).toEqual(LOGGED_OUT_ACCOUNT);
    expect(allStorage().trim()).toBe('');
    // The widget starts a new guest session, which works as the first one did.
    await startGuest();
    expect($account.get().isGuest).toBe(true);
  });

  it.each([true, false])(
    'is replaced by the login of a registered customer (remember %s)',
    async (remember) => {
      await startGuest();
      await registerGuest(client, details);
      const state = await login(client, { username: customer.email, password, remember });
      expect(state).toEqual({ ...loggedIn, remember });
      expect(server.to('GET /api/customers/customers')[0]?.headers.authorization).toBe(
        `Bearer ${firstAccess}`,
      );
      expect(allStorage()).not.toContain(guestAccess);
      expect(allStorage()).not.toContain(guestNumber);
      const page = await reloadPage();
      expect(page.$account.get()).toEqual({ ...loggedIn, remember });
    },
  );

  it('survives a login attempt with wrong credentials', async () => {
    await startGuest();
    server.handlers.set('POST /api/account/login', () =>
      json(401, { error: { code: 'invalid_credentials', message: 'no' } }),
    );
    await expect(
      login(client, { username: customer.email, password, remember: true }),
    ).rejects.toBeInstanceOf(ApiHttpError);
    expect($account.get()).toEqual(guest);
  });

  it('is refused while a customer is logged in, sending nothing', async () => {
    await login(client, { username: customer.email, password, remember: true });
    await expect(startGuest()).rejects.toThrow('a customer is logged in');
    expect(server.to('POST /api/account/guestSession')).toHaveLength(0);
    expect($account.get()).toEqual(loggedIn);
  });

  it('does not replace a login that finished while the guest session was requested', async () => {
    const hold = deferred();
    server.handlers.set('POST /api/account/guestSession', async () => {
      await hold.promise;
      return json(200, {
        access_token: guestAccess,
        expires_in: guestLifetime,
        token_type: 'Bearer',
      });
    });
    const starting = startGuest();
    await vi.waitFor(() => expect(server.to('POST /api/account/guestSession')).toHaveLength(1));
    await login(client, { username: customer.email, password, remember: false });
    hold.resolve();
    await expect(starting).rejects.toThrow('a customer logged in meanwhile');
    expect($account.get()).toEqual({ ...loggedIn, remember: false });
    expect(allStorage()).not.toContain(guestAccess);
  });

  it('ends with logout without a server call', async () => {
    await startGuest();
    await logout(client);
    expect($account.get()).toEqual(LOGGED_OUT_ACCOUNT);
    expect(server.to('POST /api/account/logout')).toHaveLength(0);
    expect(allStorage().trim()).toBe('');
  });

  it('lives in the tab: a reload keeps it, start keeps it and reports nobody', async () => {
    await startGuest();
    await registerGuest(client, details);
    const registered = $account.get();
    const page = await reloadPage();
    expect(page.$account.get()).toEqual(registered);
    const report = vi.fn<(customer: LoggedInCustomer) => void>();
    stops.push(page.startAccount({ report, now: () => clock }));
    expect(page.$account.get()).toEqual(registered);
    expect(report).not.toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
  });

  it('is dropped at start once expired', async () => {
    await startGuest();
    const page = await reloadPage();
    stops.push(page.startAccount({ report: () => {}, now: () => guestExpiry }));
    expect(page.$account.get()).toEqual(LOGGED_OUT_ACCOUNT);
    expect(allStorage().trim()).toBe('');
  });

  it('is never written to localStorage, nor read from there', async () => {
    await startGuest();
    await registerGuest(client, details);
    await client.call(getTradeHistoryEndpoint);
    expect(localStorage.length).toBe(0);
    await logout(client);
    stops.push(startAccount({ report: () => {} }));
    otherTabWrites(JSON.stringify(guest));
    expect($account.get()).toEqual(LOGGED_OUT_ACCOUNT);
    const page = await reloadPage();
    expect(page.$account.get()).toEqual(LOGGED_OUT_ACCOUNT);
  });

  it.each([
    ['a guest marked logged in', { ...guest, isLoggedIn: true, refreshToken: 'r-1' }],
    ['a guest with a refresh token', { ...guest, refreshToken: 'r-1' }],
    ['a guest without a token', { ...guest, accessToken: null }],
    ['a remembered guest', { ...guest, remember: true }],
  ])('reads %s in the tab storage as nobody', async (_case, stored) => {
    sessionStorage.setItem(ACCOUNT_STORAGE_KEY, JSON.stringify(stored));
    const page = await reloadPage();
    expect(page.$account.get()).toEqual(LOGGED_OUT_ACCOUNT);
  });

  it('reads a login stored before isGuest existed as a login', async () => {
    const { isGuest: _isGuest, ...before } = loggedIn;
    localStorage.setItem(ACCOUNT_STORAGE_KEY, JSON.stringify(before));
    const page = await reloadPage();
    expect(page.$account.get()).toEqual(before);
    expect(page.$account.get().isLoggedIn).toBe(true);
  });
});

/**
 * A second copy of the account module, as the widget bundle carries next to the host page's:
 * its own `$account`, its own API client and server stub, the same window and storage.
 */
async function loadCopy() {
  vi.resetModules();
  const account = await import('./account.ts');
  const copyServer = createServer();
  const copyClient = createApiClient({
    baseUrl: 'https://api.example.test',
    environment: 'production',
    fetch: copyServer.fetchStub,
    auth: account.createAccountAuth({ now: () => clock }),
  });
  return { account, client: copyClient, server: copyServer };
}

type Copy = Awaited<ReturnType<typeof loadCopy>>;

/** Two copies of the module in one page; `started` = both ran startAccount (stay mounted). */
async function twoCopies(started: boolean): Promise<[Copy, Copy]> {
  const a = await loadCopy();
  const b = await loadCopy();
  expect(a.account.$account).not.toBe(b.account.$account);
  if (started) {
    stops.push(a.account.startAccount({ report: () => {} }));
    stops.push(b.account.startAccount({ report: () => {} }));
  }
  return [a, b];
}

/** Every `tradein:account-changed` event dispatched until the returned stop is called. */
function recordChangeEvents(): { events: Event[]; stop: () => void } {
  const events: Event[] = [];
  const record = (event: Event) => events.push(event);
  window.addEventListener(ACCOUNT_CHANGED_EVENT, record);
  return { events, stop: () => window.removeEventListener(ACCOUNT_CHANGED_EVENT, record) };
}

describe('copies of the module in one page', () => {
  const mounting = [
    ['started', true],
    ['only read', false],
  ] as const;

  describe.each(mounting)('the other copy %s', (_case, started) => {
    it.each([true, false])(
      'sees a login (remember %s) with the same customer and tokens, sending nothing',
      async (remember) => {
        const [a, b] = await twoCopies(started);
        const state = await a.account.login(a.client, {
          username: customer.email,
          password,
          remember,
        });
        expect(state).toEqual({ ...loggedIn, remember });
        expect(b.account.$account.get()).toEqual(state);
        expect(b.server.requests).toHaveLength(0);
      },
    );

    it.each([true, false])('follows a logout (remember %s)', async (remember) => {
      const [a, b] = await twoCopies(started);
      await a.account.login(a.client, { username: customer.email, password, remember });
      expect(b.account.$account.get().isLoggedIn).toBe(true);
      await a.account.logout(a.client);
      expect(b.account.$account.get()).toEqual(LOGGED_OUT_ACCOUNT);
      expect(allStorage().trim()).toBe('');
      expect(b.server.requests).toHaveLength(0);
    });

    it('adopts tokens another copy refreshed and makes no request of its own', async () => {
      const [a, b] = await twoCopies(started);
      await a.account.login(a.client, { username: customer.email, password, remember: true });
      clock = firstExp * 1000;
      await a.client.call(getTradeHistoryEndpoint);
      expect(a.server.to('POST /api/account/loginRefresh')).toHaveLength(1);
      expect(b.account.$account.get()).toEqual({
        ...loggedIn,
        accessToken: secondAccess,
        refreshToken: 'r-2',
        tokenExpiry: secondExp * 1000,
      });
      expect(b.server.requests).toHaveLength(0);
      // B's clock is past the old expiry: it sends the adopted token, it does not refresh.
      await b.client.call(getTradeHistoryEndpoint);
      expect(b.server.requests.map((request) => request.route)).toEqual([
        'GET /api/customers/trade_history',
      ]);
      expect(b.server.requests[0]?.headers.authorization).toBe(`Bearer ${secondAccess}`);
      expect(a.server.to('POST /api/account/loginRefresh')).toHaveLength(1);
    });

    it('sees a guest session, which stays out of localStorage', async () => {
      const [a, b] = await twoCopies(started);
      const guest = await a.account.startGuestSession(
        a.client,
        { locale: 'de-DE' },
        { now: () => clock },
      );
      expect(b.account.$account.get()).toEqual(guest);
      const registered = await a.account.registerGuest(a.client, {
        email: 'gast@example.com',
        firstName: 'Gerda',
        lastName: 'Gast',
        locale: 'de-DE',
      });
      expect(b.account.$account.get()).toEqual(registered);
      expect(b.account.$account.get().customerNumber).toBe(guestNumber);
      expect(localStorage.length).toBe(0);
      // The other direction: the widget ends the guest, the host page follows.
      await b.account.logout(b.client);
      expect(a.account.$account.get()).toEqual(LOGGED_OUT_ACCOUNT);
      expect(allStorage().trim()).toBe('');
      expect(b.server.requests).toHaveLength(0);
    });

    it('follows a refresh failure to logged out', async () => {
      const [a, b] = await twoCopies(started);
      await a.account.login(a.client, { username: customer.email, password, remember: true });
      a.server.handlers.set('POST /api/account/loginRefresh', () => json(500, {}));
      await expect(a.account.refresh(a.client)).rejects.toBeInstanceOf(ApiHttpError);
      expect(b.account.$account.get()).toEqual(LOGGED_OUT_ACCOUNT);
      expect(b.server.requests).toHaveLength(0);
    });
  });

  it('a copy loaded after the login starts logged in (reads storage, as on start)', async () => {
    const a = await loadCopy();
    await a.account.login(a.client, { username: customer.email, password, remember: false });
    const b = await loadCopy();
    const report = vi.fn<(customer: LoggedInCustomer) => void>();
    stops.push(b.account.startAccount({ report }));
    expect(b.account.$account.get()).toEqual({ ...loggedIn, remember: false });
    expect(report).toHaveBeenCalledWith({ customerId, customerNumber: customer.customerNumber });
  });

  it('notifies subscribers of the other copy once per change, never with a state in between', async () => {
    const [a, b] = await twoCopies(true);
    const seen: AccountState[] = [];
    stops.push(b.account.$account.listen((state) => seen.push(state)));
    await a.account.login(a.client, { username: customer.email, password, remember: false });
    await a.account.login(a.client, { username: customer.email, password, remember: true });
    // Per login: the tokens, then the customer. Switching to remember moves the login from
    // sessionStorage to localStorage, and B never shows the logged-out state between the two.
    expect(seen.map((state) => [state.isLoggedIn, state.remember, state.customerNumber])).toEqual([
      [true, false, null],
      [true, false, customer.customerNumber],
      [true, true, null],
      [true, true, customer.customerNumber],
    ]);
  });

  it('ignores what a change event carries and re-reads storage', async () => {
    const [a, b] = await twoCopies(true);
    await a.account.login(a.client, { username: customer.email, password, remember: true });
    const forged = { ...loggedIn, accessToken: 'forged', refreshToken: 'forged' };
    const garbage: Event[] = [
      new CustomEvent(ACCOUNT_CHANGED_EVENT, { detail: forged }),
      new CustomEvent(ACCOUNT_CHANGED_EVENT, { detail: '{"isLoggedIn":' }),
      new CustomEvent(ACCOUNT_CHANGED_EVENT, { detail: null }),
      new Event(ACCOUNT_CHANGED_EVENT),
    ];
    for (const event of garbage) {
      expect(() => window.dispatchEvent(event)).not.toThrow();
      expect(b.account.$account.get()).toEqual(loggedIn);
      expect(a.account.$account.get()).toEqual(loggedIn);
    }
  });

  it.each([
    ['localStorage', () => localStorage, true],
    ['sessionStorage', () => sessionStorage, false],
  ])(
    'reads a corrupt state in %s as logged out in every copy, without throwing',
    async (_case, storage, remember) => {
      const [a, b] = await twoCopies(true);
      await a.account.login(a.client, { username: customer.email, password, remember });
      for (const corrupt of [
        '{"isLoggedIn":tru',
        'null',
        JSON.stringify({ ...loggedIn, remember, accessToken: null }),
      ]) {
        storage().setItem(ACCOUNT_STORAGE_KEY, corrupt);
        expect(() => window.dispatchEvent(new Event(ACCOUNT_CHANGED_EVENT))).not.toThrow();
        expect(a.account.$account.get()).toEqual(LOGGED_OUT_ACCOUNT);
        expect(b.account.$account.get()).toEqual(LOGGED_OUT_ACCOUNT);
        // A new login in either copy works again and reaches the other.
        await b.account.login(b.client, { username: customer.email, password, remember });
        expect(a.account.$account.get()).toEqual({ ...loggedIn, remember });
      }
    },
  );

  it('puts no password and no token in change events, and no password in storage', async () => {
    const recorded = recordChangeEvents();
    const [a, b] = await twoCopies(true);
    await a.account.login(a.client, { username: customer.email, password, remember: true });
    clock = firstExp * 1000;
    await b.client.call(getTradeHistoryEndpoint);
    await b.account.login(b.client, { username: customer.email, password, remember: false });
    await a.account.logout(a.client);
    recorded.stop();
    expect(recorded.events.length).toBeGreaterThanOrEqual(5);
    for (const event of recorded.events) {
      expect(event).toBeInstanceOf(CustomEvent);
      expect((event as CustomEvent).detail).toBeNull();
    }
    expect(allStorage()).not.toContain(password);
  });

  it('a refresh by one copy does not make the other refresh', async () => {
    const [a, b] = await twoCopies(true);
    await a.account.login(a.client, { username: customer.email, password, remember: true });
    const refreshed = vi.fn<(state: AccountState) => void>();
    stops.push(b.account.$account.listen(refreshed));
    clock = firstExp * 1000;
    await a.account.refresh(a.client);
    expect(refreshed).toHaveBeenCalledTimes(1);
    await b.client.call(getTradeHistoryEndpoint);
    await a.client.call(getTradeHistoryEndpoint);
    expect(a.server.to('POST /api/account/loginRefresh')).toHaveLength(1);
    expect(b.server.to('POST /api/account/loginRefresh')).toHaveLength(0);
  });

  it('refreshes once when two copies find the token expired at the same moment', async () => {
    // A Web Locks stand-in (happy-dom has none): requests for one name run one after another.
    const queues = new Map<string, Promise<unknown>>();
    const locks = {
      request(name: string, task: () => Promise<unknown>) {
        const run = (queues.get(name) ?? Promise.resolve()).then(() => task());
        queues.set(
          name,
          run.catch(() => undefined),
        );
        return run;
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      const [a, b] = await twoCopies(true);
      await a.account.login(a.client, { username: customer.email, password, remember: true });
      clock = firstExp * 1000;
      await Promise.all([
        a.client.call(getTradeHistoryEndpoint),
        b.client.call(getTradeHistoryEndpoint),
      ]);
      const refreshes = [
        ...a.server.to('POST /api/account/loginRefresh'),
        ...b.server.to('POST /api/account/loginRefresh'),
      ];
      expect(refreshes).toHaveLength(1);
      expect(a.account.$account.get().refreshToken).toBe('r-2');
      expect(b.account.$account.get().refreshToken).toBe('r-2');
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('adopts tokens another tab refreshed before its storage event arrives', async () => {
    const [a] = await twoCopies(true);
    await a.account.login(a.client, { username: customer.email, password, remember: true });
    const rotated = {
      ...loggedIn,
      accessToken: secondAccess,
      refreshToken: 'r-other-tab',
      tokenExpiry: secondExp * 1000,
    };
    // The other tab's write is in storage; its event is still queued.
    localStorage.setItem(ACCOUNT_STORAGE_KEY, JSON.stringify(rotated));
    clock = firstExp * 1000;
    await a.client.call(getTradeHistoryEndpoint);
    expect(a.server.to('POST /api/account/loginRefresh')).toHaveLength(0);
    expect(a.server.to('GET /api/customers/trade_history')[0]?.headers.authorization).toBe(
      `Bearer ${secondAccess}`,
    );
    expect(a.account.$account.get()).toEqual(rotated);
  });

  it('keeps a session that lives only in memory (storage blocked) when another copy announces', async () => {
    const [a, b] = await twoCopies(true);
    vi.stubGlobal('sessionStorage', {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      removeItem: () => {},
    });
    try {
      await a.account.login(a.client, { username: customer.email, password, remember: false });
      window.dispatchEvent(new Event(ACCOUNT_CHANGED_EVENT));
      expect(a.account.$account.get()).toEqual({ ...loggedIn, remember: false });
      // Nothing reached storage, so the other copy has nothing to follow.
      expect(b.account.$account.get()).toEqual(LOGGED_OUT_ACCOUNT);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('unmounting', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('stops following storage on the window it followed, even once the global is gone', () => {
    vi.useFakeTimers();
    const followed = window;
    const removed = vi.spyOn(followed, 'removeEventListener');
    const stop = $account.listen(() => undefined);
    stop();
    // nanostores unmounts a second after the last listener leaves; a page (or a test
    // environment) may have dropped its `window` by then.
    vi.stubGlobal('window', undefined);
    expect(() => vi.advanceTimersByTime(1100)).not.toThrow();
    expect(removed.mock.calls.map(([type]) => type).toSorted()).toEqual(
      [ACCOUNT_CHANGED_EVENT, 'pageshow', 'storage'].toSorted(),
    );
  });
});
