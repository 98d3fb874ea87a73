import {
  addSellerPhotoEndpoint,
  deleteSellerPhotoEndpoint,
  endpointPath,
  listSellerPhotosEndpoint,
  readApiError,
  sellerPhotoEndpoint,
  sellerPhotoListSchema,
  sellerPhotoStoredType,
  sellerPhotoUploadTypes,
  type SellerPhotoList,
} from '@tradein/contract';
import { ApiHttpError, createAccountAuth } from '@tradein/client-core';
import { accountApi } from '../account/account-api.ts';
import type { SellerPhotoTransport } from './seller-photos-store.ts';

/** Longest an upload may take before it counts as failed: a large photo on a slow line. */
const uploadTimeoutMs = 120_000;

/** The token of the account store: the logged-in customer's, or this tab's guest's. */
const accountAuth = createAccountAuth();

/** The media type to declare for a file: its own when it is one of ours, else plain bytes. */
function declaredType(file: Blob): string {
  return (sellerPhotoUploadTypes as readonly string[]).includes(file.type)
    ? file.type
    : 'application/octet-stream';
}

/** An upload that got no answer (offline, aborted by the network, timed out). */
class UploadNetworkError extends Error {
  override readonly name = 'UploadNetworkError';
}

/**
 * Sends one photo as the request body with the account store's bearer token, reporting the
 * share of bytes sent (fetch cannot tell upload progress; XMLHttpRequest can). Refusals reject
 * with the client core's `ApiHttpError`, so they read like every other call's.
 */
async function uploadPhoto(
  path: string,
  file: Blob,
  onProgress: (share: number) => void,
  signal: AbortSignal,
): Promise<SellerPhotoList> {
  const api = accountApi();
  const token = await accountAuth.accessToken(api);
  const target = { method: addSellerPhotoEndpoint.method, path: addSellerPhotoEndpoint.path };
  if (token === undefined) throw new ApiHttpError(target, 401, undefined);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader('content-type', declaredType(file));
    request.setRequestHeader('accept', 'application/json');
    request.timeout = uploadTimeoutMs;
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        const parsed = sellerPhotoListSchema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(new UploadNetworkError('the answer of the upload is not a photo list'));
        return;
      }
      reject(new ApiHttpError(target, request.status, readApiError(body)));
    });
    const failed = () => reject(new UploadNetworkError('the upload got no answer'));
    request.addEventListener('error', failed);
    request.addEventListener('timeout', failed);
    request.addEventListener('abort', failed);
    if (signal.aborted) return void request.abort();
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

/** The trade API calls on one line's photos, with the account store's token. */
export function accountPhotoTransport(tradeNumber: string, position: number): SellerPhotoTransport {
  const line = { tradeNumber, position: String(position) };
  const uploadPath = endpointPath(addSellerPhotoEndpoint, line);
  return {
    list: (signal) => accountApi().call(listSellerPhotosEndpoint, { params: line, signal }),
    upload: (file, onProgress, signal) => uploadPhoto(uploadPath, file, onProgress, signal),
    remove: (photoId) =>
      accountApi().call(deleteSellerPhotoEndpoint, { params: { ...line, photoId } }),
    image: (photo, signal) =>
      accountApi().call(sellerPhotoEndpoint, {
        params: { ...line, photoId: photo.id },
        responseType: 'blob',
        accept: sellerPhotoStoredType,
        signal,
      }),
  };
}
