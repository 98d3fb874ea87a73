import {
  endpointPath,
  readApiError,
  type ApiError,
  type Endpoint,
  type EndpointParams,
} from '@tradein/contract';
import { data, type RouterContextProvider } from 'react-router';
import type * as z from 'zod/mini';
import { backOfficeRequest } from './request-context.ts';

/*
 * The one way the back office's loaders and actions call `/api/ops/`: the staff session's cookie
 * of the incoming request goes along, the answer is parsed with the endpoint's response schema,
 * and cookies the API sets (sign-in, sign-out) come back for the page's answer.
 */

/** The cookie of a staff session, as require-staff.ts of the trade API reads it. */
const staffCookieName = 'tradein_staff';

/** The API's origin for calls through `apiFetch`: in-process calls use the path only. */
const apiOrigin = 'http://trade-api.invalid';

/** An answer of the API: the parsed body, or the refusal with its status. */
export type OpsAnswer<T> =
  | { ok: true; status: number; data: T; setCookies: string[] }
  | {
      ok: false;
      status: number;
      error: ApiError['error'];
      setCookies: string[];
      retryAfter?: string;
    };

/** What a call sends besides the endpoint. */
export interface OpsCallInput<E extends Endpoint> {
  params?: EndpointParams<E>;
  /** Query values as text, the way a URL holds them. */
  query?: Readonly<Record<string, string | undefined>>;
  body?: unknown;
  /** The session's CSRF token, which every state-changing call needs. */
  csrfToken?: string | undefined;
}

/** The `tradein_staff` cookie of a request, as a `cookie` header, or undefined. */
function staffCookieOf(request: Request): string | undefined {
  const header = request.headers.get('cookie');
  if (header === null) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === staffCookieName) return `${staffCookieName}=${value.join('=')}`;
  }
  return undefined;
}

/** The answer when the trade API cannot serve for now: a 503 page with Retry-After. */
function unavailable(retryAfter: string | null): never {
  throw data(
    { unavailable: true },
    { status: 503, headers: { 'retry-after': retryAfter ?? '5', 'cache-control': 'no-store' } },
  );
}

/**
 * One call of the trade API for the staff member of `request`, answered as it comes (files,
 * photos, CSV): the session's cookie goes along, and a 503 of the API (or no answer) becomes the
 * page's 503. `path` is the API's path with its query.
 */
export async function fetchOps(
  context: Readonly<RouterContextProvider>,
  request: Request,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit } = {},
): Promise<Response> {
  const { 'x-csrf-token': csrfToken, ...others } = init.headers ?? {};
  const headers = new Headers(others);
  // A form's token is sent only in the form a token has: anything else (a tampered form) goes
  // without one, and the API refuses the call as it refuses a missing token.
  if (csrfToken !== undefined && /^[A-Za-z0-9_-]{1,100}$/.test(csrfToken)) {
    headers.set('x-csrf-token', csrfToken);
  }
  const cookie = staffCookieOf(request);
  if (cookie !== undefined) headers.set('cookie', cookie);
  let response: Response;
  try {
    response = await backOfficeRequest(context).apiFetch(new URL(path, apiOrigin), {
      method: init.method ?? 'GET',
      headers,
      ...(init.body === undefined ? {} : { body: init.body }),
    });
  } catch {
    unavailable(null);
  }
  if (response.status === 503) unavailable(response.headers.get('retry-after'));
  return response;
}

/** The headers of a file or photo answer of the API that go on to the browser. */
const fileHeaders = ['content-type', 'content-disposition', 'content-length'] as const;

/**
 * A file or photo the API answered (through {@link fetchOps}), handed on to the browser: its
 * bytes with the content type, file name and length, cached as `cacheControl` says and never
 * sniffed. A content type outside `types` (when given) goes on as `application/octet-stream`.
 */
export function passOnFile(
  answer: Response,
  { cacheControl, types }: { cacheControl: string; types?: RegExp },
): Response {
  const headers = new Headers({
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
  });
  for (const name of fileHeaders) {
    const value = answer.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const type = headers.get('content-type')?.split(';')[0]?.trim() ?? '';
  if (types !== undefined && !types.test(type)) {
    headers.set('content-type', 'application/octet-stream');
  }
  return new Response(answer.body, { status: 200, headers });
}

/**
 * Calls an `/api/ops/` endpoint for the staff member of `request`. A 503 of the API (its
 * database is away) or no answer at all becomes the page's 503; every other refusal is
 * answered for the page to show.
 */
export async function callOps<E extends Endpoint>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  endpoint: E,
  input: OpsCallInput<E> = {},
): Promise<OpsAnswer<z.output<E['response']>>> {
  const url = new URL(endpointPath(endpoint, input.params as EndpointParams<E>), apiOrigin);
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(name, value);
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (input.csrfToken !== undefined) headers['x-csrf-token'] = input.csrfToken;
  const send = endpoint.method !== 'GET';
  if (send) headers['content-type'] = 'application/json';
  const response = await fetchOps(context, request, `${url.pathname}${url.search}`, {
    method: endpoint.method,
    headers,
    ...(send ? { body: JSON.stringify(input.body ?? {}) } : {}),
  });
  const setCookies = response.headers.getSetCookie();
  const json: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const parsed = endpoint.response.safeParse(json);
    if (!parsed.success) throw new Error(`${endpoint.path} answered outside its contract`);
    return {
      ok: true,
      status: response.status,
      data: parsed.data as z.output<E['response']>,
      setCookies,
    };
  }
  const error = readApiError(json)?.error ?? {
    code: 'unknown',
    message: `The trade API answered ${response.status}`,
  };
  const retryAfter = response.headers.get('retry-after');
  return {
    ok: false,
    status: response.status,
    error,
    setCookies,
    ...(retryAfter === null ? {} : { retryAfter }),
  };
}

/**
 * Headers that pass the API's cookies on to the browser. The API was called in-process over
 * plain HTTP; a page served over HTTPS marks them `Secure` as the API would have.
 */
export function cookieHeaders(setCookies: readonly string[], request: Request): Headers {
  const secure = new URL(request.url).protocol === 'https:';
  const headers = new Headers();
  for (const cookie of setCookies) {
    headers.append(
      'set-cookie',
      secure && !/;\s*Secure/i.test(cookie) ? `${cookie}; Secure` : cookie,
    );
  }
  return headers;
}
