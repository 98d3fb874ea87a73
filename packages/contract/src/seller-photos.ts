import * as z from 'zod/mini';
import { clarificationLinkParamsSchema } from './clarification.ts';
import { defineEndpoint } from './endpoint.ts';
import { emptyBodySchema, isoDateTimeSchema } from './primitives.ts';
import { pure } from './pure.ts';
import { linePositionParamSchema, tradeParamsSchema } from './trades.ts';

/*
 * The seller's own photos of a device, added before the parcel is shipped (docs/trades.md,
 * "Seller's photos"). The upload's body is the image itself, not JSON: the server reads it by
 * its content (a file named .jpg that is no JPEG is refused), removes every piece of metadata
 * (EXIF with the GPS position among it) and stores it re-encoded as JPEG.
 */

/** Most photos the seller may add to one line (device) of a trade. */
export const maxSellerPhotosPerLine = 6;

/** Largest upload of one photo, in bytes (10 MiB). */
export const maxSellerPhotoBytes = 10 * 1024 * 1024;

/** Media types an upload may declare; the server checks the bytes, not this header. */
export const sellerPhotoUploadTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Media type of every stored photo: uploads are re-encoded to it. */
export const sellerPhotoStoredType = 'image/jpeg';

/** The id of a stored photo (a random UUID: photo ids are not numbered). */
const sellerPhotoIdSchema = /* @__PURE__ */ pure(() => z.uuid('Photo id must be a UUID'));

/** One stored photo of a line. */
export const sellerPhotoSchema = /* @__PURE__ */ pure(() =>
  z.object({
    id: sellerPhotoIdSchema,
    /** 1-based position of the line (device) in the trade. */
    position: z.int().check(z.positive()),
    contentType: z.literal(sellerPhotoStoredType),
    sizeBytes: z.int().check(z.positive()),
    width: z.int().check(z.positive()),
    height: z.int().check(z.positive()),
    createdAt: isoDateTimeSchema,
    /** API path of the photo's bytes (a bearer call of the trade's owner). */
    path: z.string(),
  }),
);
export type SellerPhoto = z.infer<typeof sellerPhotoSchema>;

/** The photos of one line, oldest first; the answer of every call on them. */
export const sellerPhotoListSchema = /* @__PURE__ */ pure(() =>
  z.object({
    position: z.int().check(z.positive()),
    photos: z.array(sellerPhotoSchema).check(z.maxLength(maxSellerPhotosPerLine)),
    /** Whether photos may still be added or removed: only before the parcel is shipped. */
    editable: z.boolean(),
  }),
);
export type SellerPhotoList = z.infer<typeof sellerPhotoListSchema>;

/**
 * The bytes of an upload. The router hands the raw body over as bytes; anything else (a JSON
 * body, say) is no photo.
 */
const photoUploadBodySchema = /* @__PURE__ */ pure(() =>
  z.custom<Uint8Array>(
    (value) => value instanceof Uint8Array,
    'Send the photo itself as the request body',
  ),
);

/** A stored photo is JPEG bytes, not JSON: clients fetch it as a blob. */
const photoBytesSchema = /* @__PURE__ */ pure(() => z.custom<Uint8Array>(() => true));

/** The route parameters of a line's photos: `:tradeNumber` and `:position`. */
const lineParamsSchema = /* @__PURE__ */ pure(() =>
  z.extend(tradeParamsSchema, { position: linePositionParamSchema }),
);

/** The route parameters of one photo of a line: the line's and `:photoId`. */
const linePhotoParamsSchema = /* @__PURE__ */ pure(() =>
  z.extend(lineParamsSchema, { photoId: sellerPhotoIdSchema }),
);

/** The route parameters of a seller's photo on the clarification page: the link's and `:photoId`. */
const clarificationSellerPhotoParamsSchema = /* @__PURE__ */ pure(() =>
  z.extend(clarificationLinkParamsSchema, { photoId: sellerPhotoIdSchema }),
);

/**
 * Adds a photo to line `:position` of the token's own trade (a guest's token works for its own
 * trade). The body is the image: `content-type` image/jpeg, image/png or image/webp, at most
 * {@link maxSellerPhotoBytes}. Refusals: `photo_type` (not a JPEG, PNG or WebP by its content),
 * `photo_too_large`, `photo_limit` (the line has {@link maxSellerPhotosPerLine}), `trade_shipped`.
 */
export const addSellerPhotoEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/trade/trades/:tradeNumber/items/:position/photos',
  auth: 'bearer',
  params: lineParamsSchema,
  body: photoUploadBodySchema,
  response: sellerPhotoListSchema,
});

/** The photos of line `:position` of the token's own trade. */
export const listSellerPhotosEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/trade/trades/:tradeNumber/items/:position/photos',
  auth: 'bearer',
  params: lineParamsSchema,
  body: emptyBodySchema,
  response: sellerPhotoListSchema,
});

/** The bytes of one photo (`image/jpeg`) of the token's own trade. */
export const sellerPhotoEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/trade/trades/:tradeNumber/items/:position/photos/:photoId',
  auth: 'bearer',
  params: linePhotoParamsSchema,
  body: emptyBodySchema,
  response: photoBytesSchema,
});

/** Removes one photo before the parcel is shipped; answers the line's photos. */
export const deleteSellerPhotoEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'DELETE',
  path: '/api/trade/trades/:tradeNumber/items/:position/photos/:photoId',
  auth: 'bearer',
  params: linePhotoParamsSchema,
  body: emptyBodySchema,
  response: sellerPhotoListSchema,
});

/**
 * The bytes of one of the seller's photos for the clarification page of the link: the link is
 * the authorisation, checked like the page itself (no session).
 */
export const clarificationSellerPhotoEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/trade/clarifications/:link/:tradeNumber/seller-photos/:photoId',
  auth: 'none',
  params: clarificationSellerPhotoParamsSchema,
  body: emptyBodySchema,
  response: photoBytesSchema,
});

/** The calls on the seller's photos; `:tradeNumber`, `:position`, `:photoId` are path parameters. */
export const sellerPhotoEndpoints = {
  addSellerPhoto: addSellerPhotoEndpoint,
  listSellerPhotos: listSellerPhotosEndpoint,
  sellerPhoto: sellerPhotoEndpoint,
  deleteSellerPhoto: deleteSellerPhotoEndpoint,
  clarificationSellerPhoto: clarificationSellerPhotoEndpoint,
};
