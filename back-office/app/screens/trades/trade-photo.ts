import {
  endpointPath,
  opsInspectionPhotoEndpoint,
  opsSellerPhotoEndpoint,
} from '@tradein/contract';
import { data } from 'react-router';
import { fetchOps, passOnFile } from '../../ops-api.server.ts';
import { requireStaffSession } from '../../staff-session.server.ts';
import type { Route } from './+types/trade-photo';

/*
 * A seller's or inspection photo for the `<img>` of the trade page and the inspection page: the
 * API's photo calls are guarded by the staff session, so the pages ask this route, which calls
 * the API with the visitor's cookie and answers the bytes with their type.
 */

const photoEndpoints = {
  seller: opsSellerPhotoEndpoint,
  inspection: opsInspectionPhotoEndpoint,
} as const;

function isPhotoKind(kind: string): kind is keyof typeof photoEndpoints {
  return kind === 'seller' || kind === 'inspection';
}

/** Image types the answer may carry; anything else is sent as plain bytes. */
const imageTypes = /^image\/(jpeg|png|webp)$/;

/** The photo's bytes; an unknown kind, trade, line or photo is a 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffSession(context, request, ['admin', 'inspector', 'payouts']);
  if (!isPhotoKind(params.kind)) throw data(null, { status: 404 });
  const endpoint = photoEndpoints[params.kind];
  const photo = {
    tradeNumber: params.tradeNumber,
    position: params.position,
    photoId: params.photoId,
  };
  if (endpoint.params?.safeParse(photo).success !== true) throw data(null, { status: 404 });
  const answer = await fetchOps(context, request, endpointPath(endpoint, photo), {
    headers: { accept: 'image/*' },
  });
  if (!answer.ok) {
    await answer.body?.cancel();
    throw data(null, { status: answer.status === 400 ? 404 : answer.status });
  }
  return passOnFile(answer, { cacheControl: 'private, max-age=300', types: imageTypes });
}
