import {
  endpointPath,
  opsInspectionPhotoEndpoint,
  opsSellerPhotoEndpoint,
} from '@tradein/contract';
import { data } from 'react-router';
import { requireStaffSession } from '../../staff-session.server.ts';
import { fetchOps } from '../../ops-api.server.ts';
import type { Route } from './+types/photo';

/**
 * The bytes of a line's photo for the inspection page's `<img>` (`:kind` is `seller` or
 * `inspection`), streamed from the API's guarded photo call with the page's session.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffSession(context, request, ['admin', 'inspector', 'payouts']);
  const endpoint =
    params.kind === 'seller'
      ? opsSellerPhotoEndpoint
      : params.kind === 'inspection'
        ? opsInspectionPhotoEndpoint
        : undefined;
  if (endpoint === undefined) throw data(null, { status: 404 });
  const path = endpointPath(endpoint, {
    tradeNumber: params.tradeNumber,
    position: params.position,
    photoId: params.photoId,
  });
  const answer = await fetchOps(context, request, path);
  if (!answer.ok || answer.body === null) {
    throw data(null, { status: answer.status === 400 ? 404 : answer.status });
  }
  return new Response(answer.body, {
    headers: {
      'content-type': answer.headers.get('content-type') ?? 'image/jpeg',
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
    },
  });
}
