import { clarificationPhotoEndpoint, endpointPath } from '@tradein/contract';

/**
 * The address of a line's inspection photo for the page of a link. The shop serves the trade API
 * on its own origin (`/api`), so the picture loads from the page's origin with the link as its
 * only authorisation.
 */
export function inspectionPhotoPath(link: string, tradeNumber: string, position: number): string {
  return endpointPath(clarificationPhotoEndpoint, {
    link,
    tradeNumber,
    position: String(position),
  });
}
