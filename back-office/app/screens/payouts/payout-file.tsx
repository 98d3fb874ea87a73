import { endpointPath, payoutBatchFileEndpoint } from '@tradein/contract';
import { data, redirect } from 'react-router';
import { fetchOps, passOnFile } from '../../ops-api.server.ts';
import { requireStaffSession } from '../../staff-session.server.ts';
import type { Route } from './+types/payout-file';

/*
 * A batch's file (SEPA XML or PayPal CSV) as a download: a resource route that passes the trade
 * API's answer on with its content type and file name, for the staff member of the request.
 */

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
  const answer = await fetchOps(
    context,
    request,
    endpointPath(payoutBatchFileEndpoint, parsed.data),
  );
  if (!answer.ok) {
    await answer.body?.cancel();
    if (answer.status === 403 || answer.status === 404) throw redirect(batchPage);
    throw data(null, { status: answer.status });
  }
  return passOnFile(answer, { cacheControl: 'private, no-store' });
}
