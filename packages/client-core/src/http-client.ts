import type * as z from 'zod/mini';
import { fillPathTemplate, readApiError } from '@tradein/contract';
import type {
  ApiError as ApiErrorAnswer,
  ApiFieldError,
  Endpoint,
  EndpointParams,
  EndpointResponse,
  HttpMethod,
} from '@tradein/contract';
import {
  ApiAuthError,
  ApiError,
  ApiHttpError,
  ApiNetworkError,
  ApiRequestError,
  ApiResponseError,
  ApiTimeoutError,
} from './api-errors.ts';
import type { ApiCallTarget } from './api-errors.ts';

/** Statuses after which a GET is sent once more (spec §8); every other status is final. */
export const RETRYABLE_STATUSES: readonly number[] = /* @__PURE__ */ Object.freeze([
  408, 409, 425, 429, 500, 502, 503, 504,
]);

/** How many times a call of each method is sent at most (spec §8: GET once more, others never). */
const MAX_ATTEMPTS: Readonly<Record<HttpMethod, number>> = /* @__PURE__ */ Object.freeze({
  GET: 2,
  POST: 1,
  PUT: 1,
  PATCH: 1,
  DELETE: 1,
});

/** Path of the device search call, the only call that carries basic auth in development (§7). */
export const SEARCH_PATH = '/api/trade/searches';

/** Default time one attempt may take before it fails with `ApiTimeoutError`. */
const DEFAULT_TIMEOUT_MS = 15_000;

/** Where the client runs; only `development` adds the search call's basic authorization. */
export type ApiEnvironment = 'development' | 'production';

/** Supplies the bearer token; may refresh it first (the account store provides one). */
export interface AuthProvider {
  /** The access token for a bearer call, or undefined when nobody is logged in. */
  accessToken(client: ApiClient): Promise<string | undefined>;
}

/** Options of `createApiClient`. */
export interface ApiClientOptions {
  /** Origin (and optional prefix) of the trade API, e.g. `https://example.com`; '' = same origin. */
  readonly baseUrl: string;
  /** Origin of the affiliate service, for endpoints with `origin: 'affiliate'` (client id, §7). */
  readonly affiliateBaseUrl?: string;
  /** Injected for tests and non-browser hosts; defaults to the global `fetch`. */
  readonly fetch?: typeof fetch;
  /** Time one attempt may take, in milliseconds. */
  readonly timeoutMs?: number;
  readonly environment: ApiEnvironment;
  /** Credentials of the search backend, sent only in development and only on the search call. */
  readonly searchBasicAuth?: { readonly username: string; readonly password: string };
  readonly auth?: AuthProvider;
}

type InputOf<S> = S extends z.ZodMiniType ? z.input<S> : never;

/** What one call sends besides the endpoint itself. */
export interface CallOptions<E extends Endpoint> {
  readonly body?: z.input<E['body']>;
  readonly headers?: InputOf<E['headers']>;
  readonly query?: InputOf<E['query']>;
  /**
   * Values of the path's `:name` parameters, typed by the endpoint's `params` schema and
   * percent-encoded into the URL; all are required.
   */
  readonly params?: EndpointParams<E>;
  /** Aborting it rejects the call with the abort reason; an aborted call is never retried. */
  readonly signal?: AbortSignal;
  /** `json` (default): the answer is parsed with the endpoint's response schema. */
  readonly responseType?: 'json';
}

/** A call whose answer is a file (the shipping label PDF): it resolves to a `Blob`. */
export interface BlobCallOptions<E extends Endpoint> extends Omit<CallOptions<E>, 'responseType'> {
  readonly responseType: 'blob';
  /** The media type the answer must have; sent as `accept`. Default `application/pdf`. */
  readonly accept?: string;
}

/** Media type a blob call expects when it names none: the shipping label is the only file. */
export const DEFAULT_BLOB_TYPE = 'application/pdf';

/** A typed client of the trade API. */
export interface ApiClient {
  readonly environment: ApiEnvironment;
  /** Sends one call: validates the request, sends it (GET retried per §8), parses the answer. */
  call<E extends Endpoint>(endpoint: E, options?: CallOptions<E>): Promise<EndpointResponse<E>>;
  /** Sends one call whose answer is a file and resolves to it, checked for its media type. */
  call<E extends Endpoint>(endpoint: E, options: BlobCallOptions<E>): Promise<Blob>;
}

type AnyCallOptions = CallOptions<Endpoint> | BlobCallOptions<Endpoint>;

/** Creates an API client on plain `fetch`. Throws on an unusable configuration. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new Error(`createApiClient: timeoutMs must be a positive number, got ${timeoutMs}`);
  }
  if (options.environment !== 'development' && options.environment !== 'production') {
    throw new Error(
      `createApiClient: environment must be 'development' or 'production', got ${String(options.environment)}`,
    );
  }
  const baseUrl = trimTrailingSlashes(options.baseUrl);
  const affiliateBaseUrl =
    options.affiliateBaseUrl === undefined
      ? undefined
      : trimTrailingSlashes(options.affiliateBaseUrl);
  // Resolved on each call so a fetch replaced after creation (tests, polyfills) is used,
  // and called unbound-safe: some browsers throw "Illegal invocation" for a detached fetch.
  const send: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const searchAuthorization =
    options.environment === 'development' && options.searchBasicAuth
      ? basicAuthorization(options.searchBasicAuth.username, options.searchBasicAuth.password)
      : undefined;

  async function call(endpoint: Endpoint, callOptions: AnyCallOptions = {}): Promise<unknown> {
    const target: ApiCallTarget = { method: endpoint.method, path: endpoint.path };
    const request = prepareRequest(endpoint, callOptions, target);
    const origin = endpoint.origin === 'affiliate' ? affiliateBaseUrl : baseUrl;
    if (origin === undefined) {
      throw new ApiRequestError(target, [
        { path: '', message: 'the client has no affiliateBaseUrl for this affiliate call' },
      ]);
    }
    const url = origin + request.path + request.search;
    const blobType = request.blobType;

    const headers: Record<string, string> = {
      accept: blobType ?? 'application/json',
      ...request.headers,
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (searchAuthorization !== undefined && endpoint.path === SEARCH_PATH) {
      headers.authorization = searchAuthorization;
    }
    if (endpoint.auth === 'bearer') {
      headers.authorization = `Bearer ${await bearerToken(client, options.auth, target)}`;
    } else if (endpoint.auth === 'optional') {
      const token = await optionalToken(client, options.auth);
      if (token !== undefined) headers.authorization = `Bearer ${token}`;
    }

    const init: RequestInit = { method: endpoint.method, headers };
    if (request.body !== undefined) init.body = JSON.stringify(request.body);

    const attempts = MAX_ATTEMPTS[endpoint.method];
    for (let attempt = 1; ; attempt += 1) {
      const canRetry = attempt < attempts;
      const deadline = startDeadline(timeoutMs, callOptions.signal);
      try {
        const response = await send(url, { ...init, signal: deadline.signal });
        if (!response.ok && canRetry && RETRYABLE_STATUSES.includes(response.status)) {
          await discardBody(response);
          continue;
        }
        // The body is read under the same deadline: a stalled stream is a timeout too.
        if (blobType !== undefined && response.ok) {
          return await finishBlob(response, blobType, target);
        }
        const text = await response.text();
        return finishResponse(endpoint, response.status, response.ok, text, target);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        // The caller gave up: hand their abort back unchanged, never retry it.
        if (callOptions.signal?.aborted) throw error;
        if (deadline.timedOut()) throw new ApiTimeoutError(target, timeoutMs);
        // No answer at all: a GET is sent once more like a 5xx, other methods fail at once.
        if (canRetry) continue;
        throw new ApiNetworkError(target, error);
      } finally {
        deadline.dispose();
      }
    }
  }

  // One implementation serves both overloads: the options decide between JSON and a Blob.
  const client: ApiClient = { environment: options.environment, call: call as ApiClient['call'] };
  return client;
}

interface PreparedRequest {
  /** The endpoint's path with every `:name` segment filled and percent-encoded. */
  readonly path: string;
  /** For a blob call, the lower-case media type the answer must have. */
  readonly blobType: string | undefined;
  readonly body: unknown;
  readonly headers: Record<string, string>;
  readonly search: string;
}

/** Validates params, body, headers and query against the endpoint before anything is sent. */
function prepareRequest(
  endpoint: Endpoint,
  options: AnyCallOptions,
  target: ApiCallTarget,
): PreparedRequest {
  const filled = fillPathTemplate(endpoint.path, options.params);
  const issues: ApiFieldError[] = [...filled.issues];
  const path = filled.path;

  let blobType: string | undefined;
  if (options.responseType === 'blob') {
    blobType = (options.accept ?? DEFAULT_BLOB_TYPE).toLowerCase();
    if (!MEDIA_TYPE.test(blobType)) {
      issues.push({ path: 'accept', message: 'must be a media type such as application/pdf' });
    }
  }

  // GET endpoints declare an empty object body; callers need not pass it.
  const bodyResult = endpoint.body.safeParse(options.body ?? {});
  if (!bodyResult.success) issues.push(...prefixIssues('body', bodyResult.error.issues));

  let headers: Record<string, string> = {};
  if (endpoint.headers) {
    const result = endpoint.headers.safeParse(options.headers ?? {});
    if (result.success) headers = stringRecord(result.data);
    else issues.push(...prefixIssues('headers', result.error.issues));
  } else if (options.headers !== undefined) {
    issues.push({ path: 'headers', message: 'this endpoint takes no headers' });
  }

  let search = '';
  if (endpoint.query) {
    const result = endpoint.query.safeParse(options.query ?? {});
    if (result.success) search = queryString(result.data);
    else issues.push(...prefixIssues('query', result.error.issues));
  } else if (options.query !== undefined) {
    issues.push({ path: 'query', message: 'this endpoint takes no query' });
  }

  if (issues.length > 0) throw new ApiRequestError(target, issues);
  // Send the parsed body: unknown keys are stripped, so only what the contract names goes out.
  const body = endpoint.method === 'GET' ? undefined : bodyResult.data;
  return { path, blobType, body, headers, search };
}

/** A bare media type, `type/subtype`, in the token characters of RFC 9110. */
const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/;

/** Reads a file answer; it must carry the expected media type (parameters such as charset aside). */
async function finishBlob(
  response: Response,
  expectedType: string,
  target: ApiCallTarget,
): Promise<Blob> {
  const received = mediaType(response.headers.get('content-type'));
  if (received !== expectedType) {
    await discardBody(response);
    throw new ApiResponseError(target, response.status, [
      {
        path: '',
        message: `expected ${expectedType}, got ${received === '' ? 'no content type' : received}`,
      },
    ]);
  }
  const blob = await response.blob();
  // The Blob's type follows the header, parameters included; hand out the bare media type.
  return blob.type === expectedType ? blob : blob.slice(0, blob.size, expectedType);
}

function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function finishResponse<E extends Endpoint>(
  endpoint: E,
  status: number,
  ok: boolean,
  text: string,
  target: ApiCallTarget,
): EndpointResponse<E> {
  const json = parseJson(text);
  if (!ok) {
    // Read without zod, by the schema's rules: a client that sends no call stays zod-free.
    const body: ApiErrorAnswer | undefined = json.ok ? readApiError(json.value) : undefined;
    throw new ApiHttpError(target, status, body);
  }
  if (!json.ok) {
    throw new ApiResponseError(target, status, [{ path: '', message: 'the answer is not JSON' }]);
  }
  const result = endpoint.response.safeParse(json.value);
  if (!result.success) {
    throw new ApiResponseError(target, status, prefixIssues('', result.error.issues));
  }
  return result.data as EndpointResponse<E>;
}

async function bearerToken(
  client: ApiClient,
  auth: AuthProvider | undefined,
  target: ApiCallTarget,
): Promise<string> {
  if (!auth) throw new ApiAuthError(target, 'bearer call on a client without an auth provider');
  let token: string | undefined;
  try {
    token = await auth.accessToken(client);
  } catch (error) {
    const reason = error instanceof Error ? `: ${error.message}` : '';
    throw new ApiAuthError(target, `could not get an access token${reason}`, { cause: error });
  }
  if (token === undefined) throw new ApiAuthError(target, 'nobody is logged in');
  return token;
}

/**
 * The access token of a session, if there is one, for a public call that names its customer
 * when it can; a missing or failing session sends the call without one.
 */
async function optionalToken(
  client: ApiClient,
  auth: AuthProvider | undefined,
): Promise<string | undefined> {
  try {
    return await auth?.accessToken(client);
  } catch {
    return undefined;
  }
}

interface Deadline {
  readonly signal: AbortSignal;
  timedOut(): boolean;
  dispose(): void;
}

/**
 * One attempt's signal: aborts on the caller's signal or after `timeoutMs`. Built by hand rather
 * than with `AbortSignal.any` (missing in Safari before 17.4) and with a clearable timer.
 */
function startDeadline(timeoutMs: number, callerSignal: AbortSignal | undefined): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  const onCallerAbort = (): void => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}

async function discardBody(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Nothing to free if the stream is already closed.
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  // An empty body (204, or a 200 with nothing) is parsed as undefined by the response schema.
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function prefixIssues(
  prefix: string,
  issues: readonly { readonly path: PropertyKey[]; readonly message: string }[],
): ApiFieldError[] {
  return issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter((part) => part !== '').join('.'),
    message: issue.message,
  }));
}

function stringRecord(value: unknown): Record<string, string> {
  const record: Record<string, string> = {};
  if (typeof value !== 'object' || value === null) return record;
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined && item !== null) record[key.toLowerCase()] = String(item);
  }
  return record;
}

function queryString(value: unknown): string {
  const params = new URLSearchParams();
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      for (const single of Array.isArray(item) ? item : [item]) {
        if (single !== undefined && single !== null) params.append(key, String(single));
      }
    }
  }
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

function trimTrailingSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}

/** `Basic` authorization value; UTF-8 first because `btoa` accepts only Latin-1. */
function basicAuthorization(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}
