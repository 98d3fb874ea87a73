import Cookies from 'js-cookie';
import { clientIdCookieSeconds } from '@tradein/editions/client';
import { clientIdEndpoint, clientIdSchema } from '@tradein/contract';

/** Name of the cookie that keeps the tracking client id. */
export const CLIENT_ID_COOKIE = 'tradein_client_id';

/** Hands out the visitor's tracking client id, creating it on first use. */
export interface ClientIdSource {
  /** The client id, or `undefined` when it could not be created (already logged). Never rejects. */
  get(): Promise<string | undefined>;
}

/** Options of {@link createClientIdSource}. */
export interface ClientIdSourceOptions {
  /** Asks the affiliate backend for a new client id. */
  readonly fetchClientId: () => Promise<string>;
  /** Cookie name; defaults to {@link CLIENT_ID_COOKIE}. */
  readonly cookieName?: string;
  /** Clock for the cookie's `expires` fallback; defaults to `Date.now`. */
  readonly now?: () => number;
  /** Mark the cookie `Secure`; defaults to true on an https page. */
  readonly secure?: boolean;
}

const clientIdAnswerSchema = /* @__PURE__ */ (() => clientIdEndpoint.response)();

function isHttpsPage(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:';
}

/**
 * Creates the client id source of spec §7/§9: the id lives in a first-party cookie for
 * 31536000 seconds, renewed on every read so an active visitor keeps it; when absent it is
 * fetched once, and concurrent callers share that one request.
 */
export function createClientIdSource(options: ClientIdSourceOptions): ClientIdSource {
  const cookieName = options.cookieName ?? CLIENT_ID_COOKIE;
  const now = options.now ?? Date.now;
  const secure = options.secure ?? isHttpsPage();
  const maxAgeSeconds = clientIdCookieSeconds;
  let pending: Promise<string | undefined> | undefined;

  function store(value: string): void {
    Cookies.set(cookieName, value, {
      // max-age wins where supported; expires is the same moment for clients that ignore it.
      'max-age': String(maxAgeSeconds),
      expires: new Date(now() + maxAgeSeconds * 1000),
      path: '/',
      sameSite: 'Lax',
      secure,
    });
  }

  function readCookie(): string | undefined {
    const value = Cookies.get(cookieName);
    if (value === undefined) return undefined;
    // A cookie can be edited by hand; only a well-formed id is reused.
    return clientIdSchema.safeParse(value).success ? value : undefined;
  }

  async function create(): Promise<string | undefined> {
    try {
      const value = await options.fetchClientId();
      store(value);
      return value;
    } catch (error) {
      console.error('error creating client id', error);
      return undefined;
    }
  }

  return {
    get() {
      const existing = readCookie();
      if (existing !== undefined) {
        store(existing);
        return Promise.resolve(existing);
      }
      if (pending === undefined) {
        const request = create();
        pending = request;
        // Forget a finished request: after success the cookie answers, after failure we retry.
        void request.then(() => {
          if (pending === request) pending = undefined;
        });
      }
      return pending;
    },
  };
}

/** Fetches a new client id from `{affiliate}/api/client-id` and checks the answer's shape. */
export function fetchClientIdFrom(
  affiliateBaseUrl: string,
  // Resolved per request so a fetch installed later (polyfill, test stub) is the one used.
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): () => Promise<string> {
  // `{affiliate}/api/client-id`: the affiliate base may carry a path prefix, so join as text.
  const url = affiliateBaseUrl.replace(/\/+$/, '') + clientIdEndpoint.path;
  return async () => {
    const response = await fetchImpl(url, {
      method: clientIdEndpoint.method,
      headers: { accept: 'application/json' },
      credentials: 'omit',
    });
    if (!response.ok) {
      throw new Error(`client id request failed with HTTP ${response.status}`);
    }
    const parsed = clientIdAnswerSchema.safeParse(await response.json());
    if (!parsed.success) {
      throw new Error(`client id answer is malformed: ${parsed.error.message}`);
    }
    return parsed.data.hash;
  };
}
