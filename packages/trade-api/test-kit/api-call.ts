/*
 * The one way tests call the trade API over HTTP: a running API server, a shop server that mounts
 * it, or a server's `inject` behind a fetch of its own. It sends JSON the way the clients do and
 * reads each answer once, as status, headers, text, bytes and parsed body.
 */

/** What a test sends with one call. */
export interface ApiCallOptions {
  /** JSON-encoded; a string or bytes are sent as they are (malformed bodies, photos). */
  body?: unknown;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  headers?: Record<string, string>;
}

/** An answer of the API, read once. */
export interface TestAnswer {
  status: number;
  headers: Headers;
  // Tests read fields of any shape; the contract's schemas are checked by the server itself.
  /** The JSON body, or `{}` when the answer has none or is no JSON (a PDF, a photo). */
  body: Record<string, unknown> & { error?: { code: string; message: string } };
  text: string;
  bytes: Buffer;
}

/** One call of the API: method, path (with query) and what goes with it. */
export type ApiCall = (
  method: string,
  path: string,
  options?: ApiCallOptions,
) => Promise<TestAnswer>;

/** The request of a call, for tests that read the `Response` themselves. */
export function apiRequestInit(method: string, options: ApiCallOptions = {}): RequestInit {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
  Object.assign(headers, options.headers);
  const { body } = options;
  if (body === undefined) return { method, headers };
  if (typeof body === 'string') return { method, headers, body };
  // A copy, so the bytes sit in a plain ArrayBuffer as `fetch` takes them.
  if (body instanceof Uint8Array) return { method, headers, body: new Uint8Array(body) };
  return { method, headers, body: JSON.stringify(body) };
}

/** The parsed JSON of an answer's text, or `{}`. */
function jsonOf(text: string): TestAnswer['body'] {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as TestAnswer['body']) : {};
  } catch {
    return {};
  }
}

/**
 * The `api()` of tests: calls of the API at `origin` (`http://127.0.0.1:<port>`), through the
 * global `fetch` or through `send`, e.g. a fetch answered by a server's `inject`.
 */
export function apiCaller(origin: string, send: typeof fetch = fetch): ApiCall {
  return async (method, path, options = {}) => {
    const response = await send(`${origin}${path}`, apiRequestInit(method, options));
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString('utf8');
    return { status: response.status, headers: response.headers, body: jsonOf(text), text, bytes };
  };
}
