import {
  addSellerPhotoEndpoint,
  apiErrorCode,
  clarificationSellerPhotoEndpoint,
  deleteSellerPhotoEndpoint,
  listSellerPhotosEndpoint,
  maxSellerPhotoBytes,
  sellerPhotoEndpoint,
  sellerPhotoStoredType,
} from '@tradein/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError } from '../server/http-error.ts';
import { acceptRawPhotos, notAPhoto } from './raw-photo-upload.ts';
import { daySeconds } from '../time/day.ts';
import { resolveClarificationLink } from '../trades/clarification-links.ts';
import { clarificationLinkRoute, clarificationNotFound } from '../trades/clarification-routes.ts';
import {
  createRouter,
  type AuthenticatedCustomer,
  type Authenticator,
  type Route,
} from '../server/route.ts';
import {
  addSellerPhoto,
  deleteSellerPhoto,
  loadPhotoTrade,
  sellerPhotoBytes,
  sellerPhotoList,
  type PhotoTrade,
  type SellerPhotoDeps,
} from './seller-photos.ts';

/** What the photo routes need besides the photos' own dependencies. */
export interface SellerPhotoRouteDeps extends SellerPhotoDeps {
  /** Checks the bearer token of the upload, which has a router of its own (below). */
  authenticate: Authenticator;
  /** Parse answers with the contract (everywhere but production), as the API's router does. */
  validateAnswers: boolean;
}

const noSuchTrade = () => new HttpError(404, apiErrorCode.notFound, 'There is no such trade');

/**
 * The trade and line that route parameters name, if the token's customer owns the trade (a
 * guest's token owns the guest's trade). Someone else's trade answers 404 exactly like a missing
 * one, so trade numbers cannot be probed.
 */
async function ownedLine(
  deps: SellerPhotoDeps,
  params: { tradeNumber: string; position: number },
  customer: AuthenticatedCustomer | null,
): Promise<PhotoTrade> {
  const trade = await loadPhotoTrade(deps.db, params.tradeNumber);
  if (trade === null || customer === null || trade.customerId !== customer.customerId) {
    throw noSuchTrade();
  }
  if (params.position > trade.lineCount) {
    throw new HttpError(
      404,
      apiErrorCode.notFound,
      `Trade ${trade.tradeNumber} has no device ${params.position}`,
    );
  }
  return trade;
}

/** Answers photo bytes: JPEG, kept privately by the browser (a photo's id never changes content). */
function sendPhoto(reply: FastifyReply, bytes: Uint8Array): FastifyReply {
  return reply
    .header('content-type', sellerPhotoStoredType)
    .header('cache-control', `private, max-age=${daySeconds}`)
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/**
 * The upload in a context of its own: every body arrives as bytes whatever its declared type
 * (the content decides, photo-image.ts), up to {@link maxSellerPhotoBytes} instead of the API's
 * JSON limit; a body over it, or an unreadable content type, answers with the photo's codes.
 */
async function registerUploadRoute(
  api: FastifyInstance,
  deps: SellerPhotoRouteDeps,
): Promise<void> {
  await api.register(async (upload) => {
    acceptRawPhotos(upload, maxSellerPhotoBytes);
    const route = createRouter(upload, {
      prefix: '/api',
      bodyLimit: maxSellerPhotoBytes,
      validateAnswers: deps.validateAnswers,
      authenticate: deps.authenticate,
    });
    route(addSellerPhotoEndpoint, async ({ params, customer, body }) => {
      const trade = await ownedLine(deps, params, customer);
      if (body.byteLength === 0) {
        throw notAPhoto();
      }
      return addSellerPhoto(deps, trade, params.position, body);
    });
  });
}

/**
 * Registers the seller's photos of a line (docs/trades.md, "Seller's photos"): upload, list,
 * bytes and removal, each for the trade's owner with the bearer token; and the bytes for the
 * clarification page, whose link is the authorisation.
 */
export async function registerSellerPhotoRoutes(
  route: Route,
  api: FastifyInstance,
  deps: SellerPhotoRouteDeps,
): Promise<void> {
  await registerUploadRoute(api, deps);
  route(listSellerPhotosEndpoint, async ({ params, customer }) => {
    const trade = await ownedLine(deps, params, customer);
    return sellerPhotoList(deps.db, trade, params.position);
  });
  route(sellerPhotoEndpoint, async ({ params, customer, reply }) => {
    const trade = await ownedLine(deps, params, customer);
    const bytes = await sellerPhotoBytes(deps, trade, params.position, params.photoId);
    if (bytes === null) throw new HttpError(404, apiErrorCode.notFound, 'There is no such photo');
    return sendPhoto(reply, bytes);
  });
  route(deleteSellerPhotoEndpoint, async ({ params, customer }) => {
    const trade = await ownedLine(deps, params, customer);
    if (!(await deleteSellerPhoto(deps, trade, params.position, params.photoId))) {
      throw new HttpError(404, apiErrorCode.notFound, 'There is no such photo');
    }
    return sellerPhotoList(deps.db, trade, params.position);
  });
  // Checked as the page itself: every link that opens nothing gets the page's one 404.
  route(
    clarificationSellerPhotoEndpoint,
    async ({ params, reply }) => {
      const { link, tradeNumber, photoId } = params;
      const resolved = await resolveClarificationLink(deps.db, link, tradeNumber, deps.clock());
      const trade = resolved === undefined ? null : await loadPhotoTrade(deps.db, tradeNumber);
      if (resolved === undefined || trade === null || trade.id !== resolved.tradeId) {
        throw clarificationNotFound();
      }
      const bytes = await sellerPhotoBytes(deps, trade, undefined, photoId);
      if (bytes === null) throw clarificationNotFound();
      // The link is a capability: no shared cache may keep what it opens.
      return sendPhoto(reply, bytes).header('cache-control', 'private, no-store');
    },
    clarificationLinkRoute,
  );
}
