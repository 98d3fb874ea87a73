import { atom, batch, computed, onMount } from 'nanostores';
import type { ReadableAtom } from 'nanostores';
import {
  accountStateSchema,
  createGuestAccountNumberEndpoint,
  getCustomerEndpoint,
  guestSessionEndpoint,
  loginEndpoint,
  loginRefreshEndpoint,
  logoutEndpoint,
} from '@tradein/contract';
import type { AccountState, Customer, GuestAccountRequest } from '@tradein/contract';
import { ApiAuthError } from './api-errors.ts';
import type { ApiClient, AuthProvider } from './http-client.ts';
import { readStorageItem, writeStorageItem } from './storage.ts';
import type { StorageArea } from './storage.ts';
import { decodeAccessToken, expiryMilliseconds, isTokenExpired } from './token.ts';

/*
 * The account state of §3/§4. Where it lives depends on `remember`:
 * - remember: localStorage, so it survives reloads and is shared with every tab; the refresh
 *   token is what keeps the login, never a password.
 * - no remember: sessionStorage of this tab only, so a reload keeps the session but closing the
 *   tab ends it and nothing long-lived is written.
 * `$account` shows the tab session when there is one, otherwise the remembered one.
 * A guest session (`isGuest`) lives only in the tab slot: it has no refresh token and is never
 * written to localStorage, nor read back from there.
 *
 * Storage is the only thing copies of this module share. The host page and the widget bundle
 * each carry their own copy, so every write is announced with a `tradein:account-changed` event
 * on `window` (no data: each copy re-reads and validates storage itself), and other tabs and
 * frames get the browser's `storage` event. Re-reading never writes nor announces, so copies
 * cannot bounce changes between each other.
 */

/** Storage key of the account state (localStorage when remembered, else sessionStorage). */
export const ACCOUNT_STORAGE_KEY = 'tradein:account';

/**
 * Event dispatched on `window` after this module changed the stored account; every copy of the
 * module in the page re-reads storage on it. It carries nothing, so its content is never trusted.
 */
export const ACCOUNT_CHANGED_EVENT = 'tradein:account-changed';

/** The state of nobody logged in. */
export const LOGGED_OUT_ACCOUNT: AccountState = /* @__PURE__ */ Object.freeze({
  isLoggedIn: false,
  email: null,
  accessToken: null,
  refreshToken: null,
  customerId: null,
  customerNumber: null,
  customerData: null,
  tokenExpiry: 0,
  remember: false,
  isGuest: false,
});

/** Parses a stored account state; anything unreadable or invalid reads as logged out. */
function decodeAccountState(text: string | undefined): AccountState {
  if (text === undefined) return LOGGED_OUT_ACCOUNT;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return LOGGED_OUT_ACCOUNT;
  }
  // Parsing drops unknown keys, so a password left by an old version is never read back.
  const result = accountStateSchema.safeParse(value);
  return result.success ? result.data : LOGGED_OUT_ACCOUNT;
}

/** Whether a state holds a session: a login or a guest session. */
function hasSession(state: AccountState): boolean {
  return state.isLoggedIn || state.isGuest === true;
}

/** One place the account is kept: a store mirroring one storage item. */
interface AccountSlot {
  readonly $state: ReadableAtom<AccountState>;
  /** Shows the state and stores what `encode` makes of it (undefined removes the item). */
  save(state: AccountState): void;
  /** Re-reads the item if it changed since this copy last read or wrote it; never writes. */
  sync(): void;
}

/** A slot over one storage area: reads it at load, then on `sync` and on `save`. */
function createSlot(
  area: StorageArea,
  encode: (state: AccountState) => string | undefined,
  decode: (text: string | undefined) => AccountState,
): AccountSlot {
  // What storage held when last read or written here. Comparing with it keeps a state that
  // lives only in memory (storage blocked or full) instead of replacing it with what is there.
  let seen = readStorageItem(area, ACCOUNT_STORAGE_KEY);
  const $state = atom(decode(seen));
  return {
    $state,
    save(state) {
      writeStorageItem(area, ACCOUNT_STORAGE_KEY, encode(state));
      seen = readStorageItem(area, ACCOUNT_STORAGE_KEY);
      $state.set(state);
    },
    sync() {
      const text = readStorageItem(area, ACCOUNT_STORAGE_KEY);
      if (text === seen) return;
      seen = text;
      $state.set(decode(text));
    },
  };
}

const remembered = /* @__PURE__ */ createSlot(
  'local',
  // Only a remembered login is written.
  (state) =>
    state.isLoggedIn && state.remember && state.isGuest !== true
      ? JSON.stringify(state)
      : undefined,
  // A guest never belongs in localStorage: one found there (hand edit, old bug) reads as nobody.
  (text) => {
    const state = decodeAccountState(text);
    return state.isGuest === true ? LOGGED_OUT_ACCOUNT : state;
  },
);

// Read from sessionStorage when the module loads, but only in bundles that use the account.
const tabSession = /* @__PURE__ */ createSlot(
  'session',
  (state) => (hasSession(state) ? JSON.stringify(state) : undefined),
  decodeAccountState,
);

/** Re-reads both slots, so `$account` shows what another copy or tab stored. */
function syncAccount(): void {
  batch(() => {
    tabSession.sync();
    remembered.sync();
  });
}

/** Tells the other copies of this module in the page that the stored account changed. */
function announceChange(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(ACCOUNT_CHANGED_EVENT));
}

/** Window events after which storage may hold another account than this copy shows. */
const CHANGE_EVENTS = [ACCOUNT_CHANGED_EVENT, 'storage', 'pageshow'] as const;

/** Mounted: follows storage (and reads it once, as it may have changed while unmounted). */
function followStorage($store: ReadableAtom<AccountState>): ReadableAtom<AccountState> {
  onMount($store, () => {
    syncAccount();
    if (typeof window === 'undefined') return undefined;
    // Unmounting runs a second after the last listener leaves (nanostores' delay), when the
    // global `window` may be gone (a test environment torn down): remove from the one we used.
    const target = window;
    for (const type of CHANGE_EVENTS) target.addEventListener(type, syncAccount);
    return () => {
      for (const type of CHANGE_EVENTS) target.removeEventListener(type, syncAccount);
    };
  });
  return $store;
}

/** The account of this tab: logged in, guest or nobody; tokens, customer (spec §3). Change it with the actions. */
export const $account: ReadableAtom<AccountState> = /* @__PURE__ */ followStorage(
  /* @__PURE__ */ computed([tabSession.$state, remembered.$state], (tab, kept) =>
    hasSession(tab) ? tab : kept,
  ),
);

/** Validates and stores a state in the place its `remember` and `isGuest` flags ask for. */
function writeAccount(next: AccountState): void {
  const result = accountStateSchema.safeParse(next);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(
      `account state is not valid: ${issue ? `${issue.path.map(String).join('.')}: ${issue.message}` : 'unknown'}`,
    );
  }
  const state = result.data;
  batch(() => {
    if (state.isGuest === true) {
      // Tab only. A remembered login is left alone: starting a guest session requires that
      // nobody is logged in, so one there was written by another tab meanwhile and is not ours
      // to drop.
      tabSession.save(state);
    } else if (state.remember && state.isLoggedIn) {
      tabSession.save(LOGGED_OUT_ACCOUNT);
      remembered.save(state);
    } else {
      // Logged out, or not remembered: a remembered login of this browser is dropped too, so
      // "do not remember me" leaves nothing behind on a shared computer.
      tabSession.save(state.isLoggedIn ? state : LOGGED_OUT_ACCOUNT);
      remembered.save(LOGGED_OUT_ACCOUNT);
    }
  });
  announceChange();
}

/**
 * Writes each slot back in the current format, dropping what an old version or a corrupt write
 * left there (e.g. a password). Each slot keeps its own state, so no other tab is affected.
 */
function rewriteStorage(): void {
  tabSession.save(tabSession.$state.get());
  remembered.save(remembered.$state.get());
}

function clearAccount(): void {
  writeAccount(LOGGED_OUT_ACCOUNT);
}

/** Ends this tab's guest session (if it still holds `accessToken`), leaving any login alone. */
function clearGuest(accessToken: string | null): void {
  const tab = tabSession.$state.get();
  if (tab.isGuest !== true || tab.accessToken !== accessToken) return;
  tabSession.save(LOGGED_OUT_ACCOUNT);
  announceChange();
}

/** What `login` needs; `remember` keeps the login across browser sessions (refresh token only). */
export interface LoginCredentials {
  readonly username: string;
  readonly password: string;
  readonly remember: boolean;
}

/**
 * Logs in (§4): POST login, stores the tokens with customerId = `sub` and tokenExpiry = `exp`,
 * then loads the customer for customerNumber, customerData and email. If loading the customer
 * fails the login is undone and the error is thrown. The password is sent, never stored.
 */
export async function login(
  client: ApiClient,
  credentials: LoginCredentials,
): Promise<AccountState> {
  const pair = await client.call(loginEndpoint, {
    body: { username: credentials.username, password: credentials.password },
  });
  const claims = decodeAccessToken(pair.access_token);
  writeAccount({
    isLoggedIn: true,
    email: credentials.username,
    accessToken: pair.access_token,
    refreshToken: pair.refresh_token,
    customerId: claims.sub,
    customerNumber: null,
    customerData: null,
    tokenExpiry: expiryMilliseconds(claims),
    remember: credentials.remember,
    // A login replaces a guest session of this tab: the write puts the customer in its place.
    isGuest: false,
  });
  let customer: Customer;
  try {
    customer = await client.call(getCustomerEndpoint);
  } catch (error) {
    // Undo only our own login, not one that replaced it meanwhile.
    if ($account.get().customerId === claims.sub) await logout(client);
    throw error;
  }
  const current = $account.get();
  // A logout while the customer loaded wins: do not bring the session back.
  if (!current.isLoggedIn || current.customerId !== claims.sub) {
    throw new Error('login: the session ended while the customer was loading');
  }
  writeAccount({
    ...current,
    email: customer.email,
    customerNumber: customer.customerNumber,
    customerData: customer,
  });
  return $account.get();
}

let refreshInFlight: Promise<void> | undefined;

/**
 * Trades the refresh token for a new token pair (§4). Concurrent callers share one request.
 * Any failure clears the account (logged out) and rejects, unless another tab or call has
 * meanwhile replaced the session, which is then kept.
 */
export function refresh(client: ApiClient): Promise<void> {
  refreshInFlight ??= runRefresh(client).finally(() => {
    refreshInFlight = undefined;
  });
  return refreshInFlight;
}

async function runRefresh(client: ApiClient): Promise<void> {
  const before = $account.get();
  if (!before.isLoggedIn || before.refreshToken === null) {
    clearAccount();
    throw new ApiAuthError(loginRefreshEndpoint, 'nobody is logged in');
  }
  try {
    const pair = await client.call(loginRefreshEndpoint, {
      headers: { refresh: before.refreshToken },
    });
    const claims = decodeAccessToken(pair.access_token);
    const current = $account.get();
    // Logged out or refreshed elsewhere meanwhile: that newer state stands.
    if (current.refreshToken !== before.refreshToken) return;
    writeAccount({
      ...current,
      accessToken: pair.access_token,
      refreshToken: pair.refresh_token,
      customerId: claims.sub,
      tokenExpiry: expiryMilliseconds(claims),
    });
  } catch (error) {
    const current = $account.get();
    if (current.refreshToken !== before.refreshToken) {
      // Another tab rotated the tokens while ours failed: its session is valid, keep it.
      if (current.isLoggedIn) return;
      throw error;
    }
    clearAccount();
    throw error;
  }
}

/**
 * Logs out (§4): clears tokens, customerId, customerNumber, email and customerData at once, then
 * tells the server (best effort: a failed call changes nothing locally and is not reported).
 */
export async function logout(client: ApiClient): Promise<void> {
  const { accessToken, refreshToken, isGuest } = $account.get();
  if (isGuest === true) {
    // A guest token has no server session to end; it simply expires.
    clearGuest(accessToken);
    return;
  }
  clearAccount();
  if (accessToken === null || refreshToken === null) return;
  try {
    await client.call(logoutEndpoint, {
      headers: { access: accessToken, refresh: refreshToken },
    });
  } catch {
    // The local session is gone either way; the server expires the tokens on its own.
  }
}

/** Name of the Web Lock that one refresh at a time holds, across every copy and tab. */
const refreshLockName = 'tradein:account-refresh';

/**
 * Runs `task` while no other copy of this store in this origin (the host page's, a widget's,
 * another tab's) refreshes. Two copies whose token expired at the same moment would otherwise
 * both spend the same refresh token; the server treats the second use as theft and ends the
 * session. Where a browser has no Web Locks, the task runs at once.
 */
function underRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  // Typed as always present, but absent (undefined or null) in some browsers and test DOMs.
  const locks: LockManager | null | undefined =
    typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks === undefined || locks === null) return task();
  return locks.request(refreshLockName, task);
}

/** Options of `createAccountAuth`. */
export interface AccountAuthOptions {
  /** The clock in epoch milliseconds; injected by tests. */
  readonly now?: () => number;
}

/**
 * The `AuthProvider` of the account store: answers the access token and refreshes it first when
 * now ≥ tokenExpiry (§4). A guest token cannot be refreshed: once expired, the guest session is
 * cleared and the call fails. Pass it to `createApiClient({ auth })`.
 */
export function createAccountAuth(options: AccountAuthOptions = {}): AuthProvider {
  const now = options.now ?? Date.now;
  return {
    async accessToken(client) {
      const state = $account.get();
      if (state.isGuest === true) {
        if (!isTokenExpired(state.tokenExpiry, now())) return state.accessToken ?? undefined;
        clearGuest(state.accessToken);
        throw new Error('the guest session has expired; start a new one');
      }
      if (!state.isLoggedIn || state.accessToken === null) return undefined;
      if (!isTokenExpired(state.tokenExpiry, now())) return state.accessToken;
      return underRefreshLock(async () => {
        // Another copy or tab may have refreshed already (its event not arrived yet, or it held
        // the lock before us): adopt its tokens rather than spend a refresh token the server
        // has rotated away, which would end the session everywhere.
        syncAccount();
        const latest = $account.get();
        if (!latest.isLoggedIn || latest.accessToken === null) return undefined;
        if (!isTokenExpired(latest.tokenExpiry, now())) return latest.accessToken;
        await refresh(client);
        return $account.get().accessToken ?? undefined;
      });
    },
  };
}

/** Who is logged in, as reported to the tracking layer. */
export interface LoggedInCustomer {
  readonly customerId: string;
  readonly customerNumber: string;
}

/** Options of `startAccount`. */
export interface StartAccountOptions {
  /** Called once at start when a customer is logged in (wired to tracking by the caller). */
  readonly report: (customer: LoggedInCustomer) => void;
  /** When given, the server is told about a logout at start (best effort). */
  readonly client?: ApiClient;
  /** The clock in epoch milliseconds (to drop an expired guest session); injected by tests. */
  readonly now?: () => number;
}

/**
 * Starts the account on page load (§4): a logged-in user without a customerNumber is logged
 * out, a logged-in user is reported. Keeps `$account` in sync with other tabs until the
 * returned stop function is called.
 */
export function startAccount(options: StartAccountOptions): () => void {
  // Listening mounts the persistent store, which then follows storage events of other tabs.
  const stop = $account.listen(() => {});
  const state = $account.get();
  if (state.isGuest === true && isTokenExpired(state.tokenExpiry, (options.now ?? Date.now)())) {
    // An expired guest token is useless (no refresh): drop it so the shop offers a new session.
    clearGuest(state.accessToken);
    return stop;
  }
  if (state.isLoggedIn && (state.customerNumber === null || state.customerId === null)) {
    if (options.client) void logout(options.client);
    else clearAccount();
    return stop;
  }
  rewriteStorage();
  if (state.isLoggedIn && state.customerId !== null && state.customerNumber !== null) {
    try {
      options.report({ customerId: state.customerId, customerNumber: state.customerNumber });
    } catch (error) {
      // Tracking must never break the page.
      console.error('error reporting the logged-in customer', error);
    }
  }
  return stop;
}

/** What `startGuestSession` needs: the locale the guest shops in (it selects the edition). */
export interface GuestSessionStart {
  readonly locale: string;
}

/** Options of the guest actions. */
export interface GuestSessionOptions {
  /** The clock in epoch milliseconds (expiry from `expires_in`); injected by tests. */
  readonly now?: () => number;
}

/**
 * Starts a guest session: POST guestSession, then keeps the short-lived token in this tab
 * (sessionStorage, never localStorage) as a guest with no refresh token. tokenExpiry is the
 * earlier of now + `expires_in` and the token's `exp`; customerId is the token's `sub` when it
 * has one. Refused while a customer is logged in (log out first): a guest never replaces a login.
 */
export async function startGuestSession(
  client: ApiClient,
  request: GuestSessionStart,
  options: GuestSessionOptions = {},
): Promise<AccountState> {
  const now = options.now ?? Date.now;
  if ($account.get().isLoggedIn) {
    throw new Error('startGuestSession: a customer is logged in; log out first');
  }
  const session = await client.call(guestSessionEndpoint, {
    body: { locale: request.locale },
  });
  // A login that finished while the guest session was requested wins.
  if ($account.get().isLoggedIn) {
    throw new Error('startGuestSession: a customer logged in meanwhile');
  }
  const claims = readClaims(session.access_token);
  const byLifetime = now() + session.expires_in * 1000;
  writeAccount({
    ...LOGGED_OUT_ACCOUNT,
    isGuest: true,
    accessToken: session.access_token,
    customerId: claims?.sub ?? null,
    tokenExpiry:
      claims === undefined ? byLifetime : Math.min(byLifetime, expiryMilliseconds(claims)),
  });
  return $account.get();
}

/** The claims of a guest token when it is a JWT with `sub` and `exp`; its lifetime suffices without. */
function readClaims(token: string): ReturnType<typeof decodeAccessToken> | undefined {
  try {
    return decodeAccessToken(token);
  } catch {
    return undefined;
  }
}

/**
 * Tells the trade API who the guest is (POST guest_account_number with the guest's bearer token)
 * and keeps the answered account number as customerNumber and the e-mail (lower-case, as the
 * server stores it). Calling it again updates the details; the number stays. Rejects with
 * `ApiAuthError`, sending nothing, when there is no guest session.
 */
export async function registerGuest(
  client: ApiClient,
  details: GuestAccountRequest,
): Promise<AccountState> {
  const before = $account.get();
  if (before.isGuest !== true) {
    throw new ApiAuthError(createGuestAccountNumberEndpoint, 'there is no guest session');
  }
  const answer = await client.call(createGuestAccountNumberEndpoint, { body: details });
  const current = $account.get();
  // The session ended or was replaced (login, new guest session) while the call ran.
  if (current.isGuest !== true || current.accessToken !== before.accessToken) {
    throw new Error('registerGuest: the guest session ended while registering');
  }
  writeAccount({
    ...current,
    email: details.email.toLowerCase(),
    customerNumber: answer.accountNumber,
  });
  return $account.get();
}
