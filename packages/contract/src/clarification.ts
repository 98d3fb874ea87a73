import { editionCodeSchema } from '@tradein/editions/client';
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';
import { offerUuidSchema } from './offers.ts';
import { centsSchema, emptyBodySchema, isoDateTimeSchema } from './primitives.ts';
import { pure } from './pure.ts';
import {
  clarificationDecisionsSchema,
  clarificationLineDecisionSchema,
  inspectionFindingSchema,
  linePositionParamSchema,
  tradeNumberSchema,
} from './trades.ts';

/**
 * The `{id}` of a clarification page: an unguessable capability for one trade, 256 random bits
 * as 43 characters of base64url. The server keeps only its SHA-256, so the link in the mail is
 * the only place it exists.
 */
export const clarificationLinkSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(
      z.regex(/^[A-Za-z0-9_-]{43}$/, 'Clarification link must be 43 letters, digits, "-" or "_"'),
    ),
);

/**
 * One line of a trade on the clarification page. A line is open (waits for the customer) when
 * it has a revised offer (`offerId`) and no `decision` yet; a line revised upward needs no
 * decision and carries `accept` from the start.
 */
const clarificationLineSchema = /* @__PURE__ */ pure(() =>
  z.object({
    /** 1-based position of the line in the trade, as operators and decisions name it. */
    position: z.int().check(z.positive()),
    deviceName: z.string(),
    quantity: z.int().check(z.positive()),
    /** Price per piece at checkout. */
    priceCents: centsSchema,
    /** Price per piece after the inspection; the checkout price when the line was not revised. */
    revisedPriceCents: centsSchema,
    /** How the revision moved the price: `same` also for a line that was not revised. */
    direction: z.enum(['down', 'up', 'same']),
    reason: z.nullable(z.string()),
    /** What the customer answered against what the inspection found, in the edition's language. */
    findings: z.array(inspectionFindingSchema),
    /** The inspection photo is at the photo call of this page, `…/photo/:position`. */
    hasInspectionPhoto: z.boolean(),
    /** API paths of the seller's own photos of this line. */
    sellerPhotos: z.array(z.string()),
    /** The revised offer of the line (the quick-answer link names it); null when not revised. */
    offerId: z.nullable(offerUuidSchema),
    decision: z.nullable(clarificationLineDecisionSchema),
  }),
);
export type ClarificationLine = z.infer<typeof clarificationLineSchema>;

/**
 * A clarification page: `open` while lines wait for a decision, `answered` once they are all
 * decided, `info` when the inspection only raised prices and there is nothing to decide.
 */
export const clarificationViewSchema = /* @__PURE__ */ pure(() =>
  z.object({
    tradeNumber: tradeNumberSchema,
    edition: editionCodeSchema,
    state: z.enum(['open', 'answered', 'info']),
    /** Until when the link opens this page. */
    expiresAt: isoDateTimeSchema,
    lines: z.array(clarificationLineSchema),
    /** Σ price × quantity at checkout. */
    originalTotalCents: centsSchema,
    /**
     * The payout with every undecided line accepted and returned lines left out (revised
     * prices, unrevised lines as they were, voucher bonus recomputed).
     */
    revisedTotalCents: centsSchema,
    /** The voucher bonus inside `revisedTotalCents`; 0 without a voucher. */
    voucherBonusCents: centsSchema,
    currency: z.literal('EUR'),
  }),
);
export type ClarificationView = z.infer<typeof clarificationViewSchema>;

/** Body of the page's confirmation: a decision for every open line, all at once. */
const clarificationDecisionsRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({ decisions: clarificationDecisionsSchema }),
);

/** Body of the quick answer: the revised offer (of one line) the customer accepts. */
const quickAnswerRequestSchema = /* @__PURE__ */ pure(() => z.object({ offerId: offerUuidSchema }));

/** The inspection photo is image bytes (JPEG, PNG or WebP), not JSON. */
const imageBytesSchema = /* @__PURE__ */ pure(() => z.custom<Uint8Array>(() => true));

/** The route parameters of a clarification link's calls: `:link` and `:tradeNumber`. */
export const clarificationLinkParamsSchema = /* @__PURE__ */ pure(() =>
  z.object({ link: clarificationLinkSchema, tradeNumber: tradeNumberSchema }),
);

/** The route parameters of a line's inspection photo: the link's and the line's `:position`. */
const clarificationPhotoParamsSchema = /* @__PURE__ */ pure(() =>
  z.extend(clarificationLinkParamsSchema, { position: linePositionParamSchema }),
);

/** The clarification page of a trade; the link is the authorisation (no session). */
export const getClarificationEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/trade/clarifications/:link/:tradeNumber',
  auth: 'none',
  params: clarificationLinkParamsSchema,
  body: emptyBodySchema,
  response: clarificationViewSchema,
});

/** The inspection photo of one line (`:position`), for the page of the link. */
export const clarificationPhotoEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/trade/clarifications/:link/:tradeNumber/photo/:position',
  auth: 'none',
  params: clarificationPhotoParamsSchema,
  body: emptyBodySchema,
  response: imageBytesSchema,
});

/** The customer's decision per open line (accept the revised offer or get the device back). */
export const answerClarificationLinesEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/trade/clarifications/:link/:tradeNumber',
  auth: 'none',
  params: clarificationLinkParamsSchema,
  body: clarificationDecisionsRequestSchema,
  response: clarificationViewSchema,
});

/** Accepts the one revised offer a quick-answer link of the mail names. */
export const quickAnswerClarificationEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/trade/clarifications/:link/:tradeNumber/quick',
  auth: 'none',
  params: clarificationLinkParamsSchema,
  body: quickAnswerRequestSchema,
  response: clarificationViewSchema,
});

/** The calls of a clarification link; `:link` and `:tradeNumber` are path parameters. */
export const clarificationEndpoints = {
  getClarification: getClarificationEndpoint,
  clarificationPhoto: clarificationPhotoEndpoint,
  answerClarificationLines: answerClarificationLinesEndpoint,
  quickAnswerClarification: quickAnswerClarificationEndpoint,
};
