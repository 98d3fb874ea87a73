import { editionCodeSchema, shopModeSchema } from '@tradein/editions/client';
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';
import { centsSchema, emptyBodySchema, idSchema, isoDateTimeSchema } from './primitives.ts';
import { pure } from './pure.ts';

/** One chosen answer: which answer of which condition question. */
export const offerAnswerSchema = /* @__PURE__ */ pure(() =>
  z.object({ questionId: idSchema, answerId: idSchema }),
);
export type OfferAnswer = z.infer<typeof offerAnswerSchema>;

/** A B2B partner code as a partner's widget passes it. */
export const partnerCodeSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(
      z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Partner code must be 1–64 letters, digits, "-" or "_"'),
    ),
);

/**
 * Body of `POST /api/trade/offers` and `POST /api/trade/offers/preview`: the device, the
 * edition and one answer for every condition question of the device's category.
 */
export const offerRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({
    edition: editionCodeSchema,
    deviceId: idSchema,
    answers: z
      .array(offerAnswerSchema)
      .check(z.minLength(1, 'Answer the condition questions'), z.maxLength(50, 'Too many answers')),
    partner: z.optional(partnerCodeSchema),
    shopMode: z.optional(shopModeSchema),
  }),
);
export type OfferRequest = z.infer<typeof offerRequestSchema>;

/** An offer id as the trade API issues it: a random UUID. */
export const offerUuidSchema = /* @__PURE__ */ pure(() => z.uuid('Offer id must be a UUID'));

/** The price of a device in a condition, without storing it (live preview). */
export const offerPreviewSchema = /* @__PURE__ */ pure(() =>
  z.object({
    deviceId: idSchema,
    edition: editionCodeSchema,
    priceCents: centsSchema,
    currency: z.literal('EUR'),
    /** The recycling offer applies: an answer said the device does not work. */
    recycling: z.boolean(),
  }),
);
export type OfferPreview = z.infer<typeof offerPreviewSchema>;

/** A stored offer: valid until `validUntil`, tradeable once. */
export const offerSchema = /* @__PURE__ */ pure(() =>
  z.object({
    offerId: offerUuidSchema,
    deviceId: idSchema,
    edition: editionCodeSchema,
    priceCents: centsSchema,
    currency: z.literal('EUR'),
    validUntil: isoDateTimeSchema,
    answers: z.array(offerAnswerSchema),
    recycling: z.boolean(),
  }),
);
export type Offer = z.infer<typeof offerSchema>;

/** Prices a device in a condition and stores the offer (public). */
export const createOfferEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/trade/offers',
  // A logged-in seller's offer names the customer, whose cart then gets its expiry reminder.
  auth: 'optional',
  body: offerRequestSchema,
  response: offerSchema,
});

/** Prices a device in a condition without storing anything, for live display (public). */
export const previewOfferEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/trade/offers/preview',
  auth: 'none',
  body: offerRequestSchema,
  response: offerPreviewSchema,
});

/** The route parameter of the stored offer's call: `:offerId`. */
const offerParamsSchema = /* @__PURE__ */ pure(() => z.object({ offerId: offerUuidSchema }));

/** Reads a stored offer by its unguessable id (public). */
export const getOfferEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/trade/offers/:offerId',
  auth: 'none',
  params: offerParamsSchema,
  body: emptyBodySchema,
  response: offerSchema,
});

/** Offer calls; `:offerId` is a path parameter. */
export const offerEndpoints = {
  createOffer: createOfferEndpoint,
  previewOffer: previewOfferEndpoint,
  getOffer: getOfferEndpoint,
};
