import type { RouterContextProvider } from 'react-router';
import { data } from 'react-router';
import { backOfficeRequest } from '../../request-context.ts';

/*
 * Bytes of a guarded `/api/ops/` call (a photo) for the browser: `callOps` reads JSON only, so
 * this asks the API through the same in-process fetch with the staff session's cookie and hands
 * the answer's bytes and type on.
 */

/** The cookie of a staff session, as the trade API reads it. */
const staffCookieName = 'tradein_staff';

/** The `tradein_staff` cookie of a request, as a `cookie` header, or undefined. */
function staffCookieOf(request: Request): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === staffCookieName) return `${staffCookieName}=${value.join('=')}`;
  }
  return undefined;
}

/** Image types the answer may carry; anything else is sent as plain bytes. */
const imageType = /^image\/(jpeg|png|webp)$/;

/**
 * The bytes of the API's `path` with their content type, privately cached for a while; a
 * refusal answers its status (404, 401, 403), an outage the 503 page.
 */
export async function fetchOpsBytes(
  context: Readonly<RouterContextProvider>,
  request: Request,
  path: string,
): Promise<Response> {
  const headers = new Headers({ accept: 'image/*' });
  const cookie = staffCookieOf(request);
  if (cookie !== undefined) headers.set('cookie', cookie);
  let answer: Response;
  try {
    answer = await backOfficeRequest(context).apiFetch(new URL(path, 'http://trade-api.invalid'), {
      method: 'GET',
      headers,
    });
  } catch {
    throw data(null, { status: 503, headers: { 'retry-after': '5' } });
  }
  if (answer.status === 503) {
    throw data(null, {
      status: 503,
      headers: { 'retry-after': answer.headers.get('retry-after') ?? '5' },
    });
  }
  if (!answer.ok) throw data(null, { status: answer.status === 400 ? 404 : answer.status });
  const type = answer.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
  return new Response(await answer.arrayBuffer(), {
    headers: {
      'content-type': imageType.test(type) ? type : 'application/octet-stream',
      'cache-control': 'private, max-age=300',
      'x-content-type-options': 'nosniff',
    },
  });
}
