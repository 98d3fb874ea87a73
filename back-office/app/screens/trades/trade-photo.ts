import {
  endpointPath,
  opsInspectionPhotoEndpoint,
  opsSellerPhotoEndpoint,
} from '@tradein/contract';
import { data } from 'react-router';
import { requireStaffSession } from '../../staff-session.server.ts';
import { fetchOpsBytes } from './ops-bytes.server.ts';
import type { Route } from './+types/trade-photo';

/*
 * A seller's or inspection photo for the trade page's `<img>`: the API's photo calls are
 * guarded by the staff session, so the page asks this route, which calls the API with the
 * visitor's cookie and answers the bytes with their type.
 */

const photoEndpoints = {
  seller: opsSellerPhotoEndpoint,
  inspection: opsInspectionPhotoEndpoint,
} as const;

function isPhotoKind(kind: string): kind is keyof typeof photoEndpoints {
  return kind === 'seller' || kind === 'inspection';
}

/** The photo's bytes; an unknown kind, trade, line or photo is a 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffSession(context, request, ['admin', 'inspector', 'payouts']);
  if (!isPhotoKind(params.kind)) throw data(null, { status: 404 });
  const endpoint = photoEndpoints[params.kind];
  const parsed = endpoint.params?.safeParse({
    tradeNumber: params.tradeNumber,
    position: params.position,
    photoId: params.photoId,
  });
  if (parsed?.success !== true) throw data(null, { status: 404 });
  const path = endpointPath(endpoint, {
    tradeNumber: params.tradeNumber,
    position: params.position,
    photoId: params.photoId,
  });
  return fetchOpsBytes(context, request, path);
}
