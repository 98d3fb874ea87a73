import { data, type RouterContextProvider } from 'react-router';
import { backOfficeRequest } from '../../request-context.ts';

/*
 * Calls of the trade API that `callOps` does not make because their bodies or answers are not
 * JSON: the raw bytes of an inspection photo sent, a photo's bytes streamed to the browser.
 * The staff session's cookie of the page's request goes along, as with `callOps`.
 */

/** The API's origin for in-process calls (the path is what counts). */
const apiOrigin = 'http://trade-api.invalid';

/** The `tradein_staff` cookie of a request as a `cookie` header, or undefined. */
function staffCookieOf(request: Request): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'tradein_staff') return `tradein_staff=${value.join('=')}`;
  }
  return undefined;
}

/** The page's 503 with Retry-After, as `callOps` answers when the API is away. */
function unavailable(retryAfter: string | null): never {
  throw data(
    { unavailable: true },
    { status: 503, headers: { 'retry-after': retryAfter ?? '5', 'cache-control': 'no-store' } },
  );
}

/** Fetches `path` of the trade API for the staff member of `request`; no answer is a 503 page. */
export async function staffApiFetch(
  context: Readonly<RouterContextProvider>,
  request: Request,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: Uint8Array<ArrayBuffer> } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
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
