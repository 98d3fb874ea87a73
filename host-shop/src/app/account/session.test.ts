// @vitest-environment happy-dom
import { $account, createAccountAuth, createApiClient, login } from '@tradein/client-core';
import { getTradeHistoryEndpoint } from '@tradein/contract';
import { customer } from '@tradein/contract/test-fixtures';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  $sessionNotice,
  endRefusedSession,
  endsSession,
  logOutHere,
  startSession,
  watchSessionEnd,
} from './session.ts';

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned JWT with the given claims; the client never checks signatures. */
function jwt(claims: Record<string, unknown>): string {
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** What the stubbed trade API answers to a refresh, and which calls it got. */
let refreshAnswer: () => Response;
let calls: string[];
let clock: number;

const api = createApiClient({
  baseUrl: 'https://api.example.test',
  environment: 'production',
  auth: createAccountAuth({ now: () => clock }),
  fetch: async (input, init) => {
    const route = `${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`;
    calls.push(route);
    switch (route) {
      case 'POST /api/account/login':
        return json(200, {
          access_token: jwt({ sub: customer.id, exp: 1_700_000_000 }),
          refresh_token: 'refresh-1',
        });
      case 'GET /api/customers/customers':
        return json(200, customer);
      case 'POST /api/account/loginRefresh':
        return refreshAnswer();
      case 'GET /api/customers/trade_history':
        return json(200, []);
      default:
        return json(200, { ok: true });
    }
  },
});

let stopWatching: () => void;

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  calls = [];
  clock = 1_699_999_000_000;
  refreshAnswer = () =>
    json(401, { error: { code: 'invalid_refresh_token', message: 'Refresh token is not valid' } });
  stopWatching = watchSessionEnd();
  await login(api, { username: customer.email, password: 'Secret-pass-1', remember: true });
  $sessionNotice.set(null);
});

afterEach(async () => {
  stopWatching();
  await logOutHere(api);
  $sessionNotice.set(null);
});

describe('the end of a session', () => {
  it('says "logged out" after the customer logs out here', async () => {
    await logOutHere(api);
    expect($account.get().isLoggedIn).toBe(false);
    expect($sessionNotice.get()).toBe('loggedOut');
    expect(calls).toContain('POST /api/account/logout');
  });

  it('says "ended" when the refresh before a call is refused', async () => {
    clock = 1_700_000_001_000; // past the access token's expiry
    const failure = await api.call(getTradeHistoryEndpoint).catch((error: unknown) => error);
    expect(endsSession(failure)).toBe(true);
    expect($account.get().isLoggedIn).toBe(false);
    expect($sessionNotice.get()).toBe('ended');
  });

  it('keeps the session when the refresh succeeds, without a notice', async () => {
    clock = 1_700_000_001_000;
    refreshAnswer = () =>
      json(200, {
        access_token: jwt({ sub: customer.id, exp: 1_700_000_900 }),
        refresh_token: 'refresh-2',
      });
    await expect(api.call(getTradeHistoryEndpoint)).resolves.toEqual([]);
    expect($account.get().refreshToken).toBe('refresh-2');
    expect($sessionNotice.get()).toBeNull();
  });

  it('says "ended" when another tab logs out', () => {
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'tradein:account' }));
    expect($account.get().isLoggedIn).toBe(false);
    expect($sessionNotice.get()).toBe('ended');
  });

  it('ends a session whose token the server refused', async () => {
    await endRefusedSession(api);
    expect($account.get().isLoggedIn).toBe(false);
    expect($sessionNotice.get()).toBe('ended');
  });
});

describe('startSession', () => {
  it('reports the logged-in customer to the tracking layer', () => {
    const stop = startSession(api);
    const layer = (window as { dataLayer?: unknown[] }).dataLayer ?? [];
    expect(layer.at(-1)).toEqual({ event: 'login', customerId: customer.id });
    stop();
  });

  it('logs out a stored login without a customer number', () => {
    const stored = JSON.parse(localStorage.getItem('tradein:account') ?? '{}') as object;
    localStorage.setItem('tradein:account', JSON.stringify({ ...stored, customerNumber: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'tradein:account' }));
    const stop = startSession(api);
    expect($account.get().isLoggedIn).toBe(false);
    stop();
  });
});
