import { endpointPath, payoutBatchFileEndpoint } from '@tradein/contract';
import { data, redirect } from 'react-router';
import { backOfficeRequest } from '../../request-context.ts';
import { requireStaffSession } from '../../staff-session.server.ts';
import type { Route } from './+types/payout-file';

/*
 * A batch's file (SEPA XML or PayPal CSV) as a download: a resource route that passes the trade
 * API's answer on with its content type and file name, for the staff member of the request.
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

/** The headers of the API's file answer that go on to the browser. */
const passedHeaders = ['content-type', 'content-disposition', 'content-length'] as const;

/**
 * The file, or (for a member without the role, an unknown batch) the batch's page, which
 * answers what is wrong in the member's language: a download has no page of its own.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const batchPage = `/payouts/batches/${encodeURIComponent(params.batchNumber)}`;
  const session = await requireStaffSession(context, request);
  if (!session.staff.roles.includes('payouts')) throw redirect(batchPage);
  const parsed = payoutBatchFileEndpoint.params?.safeParse({ batchNumber: params.batchNumber });
  if (parsed?.success !== true) throw redirect(batchPage);
  const headers = new Headers();
  const cookie = staffCookieOf(request);
  if (cookie !== undefined) headers.set('cookie', cookie);
  const url = new URL(
    endpointPath(payoutBatchFileEndpoint, parsed.data),
    'http://trade-api.invalid',
  );
  let answer: Response;
  try {
    answer = await backOfficeRequest(context).apiFetch(url, { headers, signal: request.signal });
  } catch {
    throw data(null, { status: 503, headers: { 'retry-after': '5' } });
  }
  if (!answer.ok) {
    await answer.body?.cancel();
    if (answer.status === 403 || answer.status === 404) throw redirect(batchPage);
    throw data(null, {
      status: answer.status,
      headers:
        answer.status === 503 ? { 'retry-after': answer.headers.get('retry-after') ?? '5' } : {},
    });
  }
  const passed = new Headers({ 'cache-control': 'private, no-store' });
  for (const name of passedHeaders) {
    const value = answer.headers.get(name);
    if (value !== null) passed.set(name, value);
  }
  return new Response(answer.body, { status: 200, headers: passed });
}
