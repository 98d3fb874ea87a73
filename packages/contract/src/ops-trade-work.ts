/**
 * The inspectors' calls of the back office (docs/trades.md, "Back-office calls"): the trades
 * queue, one trade as the inspection screen shows it, the receipt of a parcel, the findings of a
 * device with its revised price, inspection photos, and the clarifications with decisions a
 * seller gave by phone. Every call needs a staff session (docs/staff.md).
 */
import { editionCodeSchema } from '@tradein/editions/client';
import * as z from 'zod/mini';
import { tradeStatusSchema } from './customer.ts';
import { defineEndpoint } from './endpoint.ts';
import { opsTradeHeadFields, tradeQueuePageSchema, tradeQueueQuerySchema } from './ops-trades.ts';
import { centsSchema, emptyBodySchema, isoDateTimeSchema } from './primitives.ts';
import { pure } from './pure.ts';
import { tradeNumberSchema } from './trade-number.ts';
import { linePositionParamSchema, tradeParamsSchema } from './trades.ts';

/** Largest inspection photo upload, in bytes (10 MiB, as a seller's photo). */
export const maxInspectionPhotoBytes = 10 * 1024 * 1024;

/** Most inspection photos one line keeps. */
export const maxInspectionPhotosPerLine = 12;

/** The trades queue (admin, inspector, payouts): `tradeQueueQuerySchema` → `tradeQueuePageSchema`. */
export const opsTradeQueueEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/ops/trades',
  auth: 'none',
  body: emptyBodySchema,
  query: tradeQueueQuerySchema,
  response: tradeQueuePageSchema,
});

/** A question or answer code of the catalogue (`GRADE`, `GRADE_USED`). */
const conditionCodeSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(
      z.regex(/^[A-Z0-9_]{1,64}$/, 'Code must be 1–64 capital letters, digits or underscores'),
    ),
);

/**
 * The price rule an offer was computed with: the device's base and recycling price and every
 * answer's factor (basis points: 9200 is 0.92) in the price list as it stood when the offer was
 * made. {@link rulePriceCents} computes a condition's price from it exactly as offer pricing.
 */
export const priceRuleSchema = /* @__PURE__ */ pure(() =>
  z.object({
    /** The time of the price list: the offer's creation. */
    asOf: isoDateTimeSchema,
    basePriceCents: centsSchema,
    recyclingPriceCents: centsSchema,
    /** Question code → answer code → factor and whether the answer means defective. */
    factors: z.record(
      z.string(),
      z.record(
        z.string(),
        z.object({
          factorBasisPoints: z.int().check(z.nonnegative()),
          meansDefective: z.boolean(),
        }),
      ),
    ),
  }),
);
export type PriceRule = z.infer<typeof priceRuleSchema>;

/**
 * The price per piece a rule gives for a condition (question code → answer code): the recycling
 * price when any chosen answer means defective, else base × every factor, truncated to whole
 * cents in integer arithmetic (as `offer-pricing.ts`). Undefined when the condition leaves out a
 * question of the rule or names an answer it does not have.
 */
export function rulePriceCents(
  rule: PriceRule,
  findings: Readonly<Record<string, string>>,
): number | undefined {
  let numerator = BigInt(rule.basePriceCents);
  let denominator = 1n;
  let defective = false;
  for (const [question, answers] of Object.entries(rule.factors)) {
    const code = findings[question];
    const answer = code === undefined ? undefined : answers[code];
    if (answer === undefined) return undefined;
    if (answer.meansDefective) defective = true;
    numerator *= BigInt(answer.factorBasisPoints);
    denominator *= 10_000n;
  }
  return defective ? rule.recyclingPriceCents : Number(numerator / denominator);
}

/** A photo of a line as staff see it: its id and the guarded call of its bytes. */
const opsPhotoSchema = /* @__PURE__ */ pure(() =>
  z.object({ id: z.string(), url: z.string(), createdAt: z.nullable(isoDateTimeSchema) }),
);

/** Where a line's revised offer stands. */
const opsRevisionSchema = /* @__PURE__ */ pure(() =>
  z.object({
    /** `open`: waits for the seller; `accepted`/`returned`: decided; `up`: raised, accepted at once. */
    state: z.enum(['open', 'accepted', 'returned', 'up']),
    direction: z.enum(['down', 'up', 'same']),
    revisedPriceCents: centsSchema,
    reason: z.nullable(z.string()),
    createdAt: isoDateTimeSchema,
    answeredAt: z.nullable(isoDateTimeSchema),
  }),
);

/** One line (device) as the inspection screen shows it. */
export const opsTradeLineSchema = /* @__PURE__ */ pure(() =>
  z.object({
    position: z.int().check(z.positive()),
    deviceId: z.int().check(z.positive()),
    name: z.string(),
    quantity: z.int().check(z.positive()),
    /** Price per piece at checkout (the offer's). */
    priceCents: centsSchema,
    /** Price per piece as revised, or null when never revised. */
    revisedPriceCents: z.nullable(centsSchema),
    /** The device's condition questions in the trade's language, answered and found. */
    questions: z.array(
      z.object({
        code: z.string(),
        question: z.string(),
        answers: z.array(z.object({ code: z.string(), text: z.string() })),
        /** The seller's answer (code). */
        answered: z.nullable(z.string()),
        /** What the inspection found (code); null before the line was inspected. */
        found: z.nullable(z.string()),
      }),
    ),
    inspected: z.boolean(),
    sellerPhotos: z.array(opsPhotoSchema),
    inspectionPhotos: z.array(opsPhotoSchema),
    revision: z.nullable(opsRevisionSchema),
    /** The rule and price list the offer used; null when the device left the catalogue. */
    priceRule: z.nullable(priceRuleSchema),
    /** The line's inspection state as loaded: sent back with findings to detect a save meanwhile. */
    version: z.string(),
  }),
);
export type OpsTradeLine = z.infer<typeof opsTradeLineSchema>;

/** One trade for the inspection screen. */
export const opsTradeDetailSchema = /* @__PURE__ */ pure(() =>
  z.object({
    ...opsTradeHeadFields(),
    updatedAt: isoDateTimeSchema,
    /** How the seller is paid: the method and the account shortened (IBAN's last four). */
    payout: z.object({ method: z.enum(['sepa', 'paypal']), summary: z.string() }),
    currency: z.literal('EUR'),
    totalCents: centsSchema,
    voucherBonusCents: centsSchema,
    lines: z.array(opsTradeLineSchema),
    events: z.array(
      z.object({ status: tradeStatusSchema, at: isoDateTimeSchema, note: z.nullable(z.string()) }),
    ),
  }),
);
export type OpsTradeDetail = z.infer<typeof opsTradeDetailSchema>;

/** One trade with everything the inspection screen needs (admin, inspector, payouts). */
export const opsTradeDetailEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/ops/trades/:tradeNumber',
  auth: 'none',
  body: emptyBodySchema,
  params: tradeParamsSchema,
  response: opsTradeDetailSchema,
});

/**
 * The parcel arrived (inspector, admin): created → received. Refusals: `404 not_found`,
 * `409 already_received` (with when and by whom), `409 invalid_status` naming the status.
 */
export const opsReceiptEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/ops/trades/:tradeNumber/receipt',
  auth: 'none',
  body: emptyBodySchema,
  params: tradeParamsSchema,
  response: opsTradeDetailSchema,
});

/** The route parameters of a line: `:tradeNumber` and `:position`. */
const opsLineParamsSchema = /* @__PURE__ */ pure(() =>
  z.extend(tradeParamsSchema, { position: linePositionParamSchema }),
);

/** The findings of one device, with an optional override of the rule's price. */
const inspectionRequestSchema = /* @__PURE__ */ pure(() =>
  z.strictObject({
    /** Question code → answer code, for every question of the device. */
    findings: z.record(conditionCodeSchema, conditionCodeSchema),
    /** A price per piece other than the rule's, with the reason for it. */
    override: z.optional(
      z.strictObject({
        priceCents: centsSchema,
        reason: z
          .string()
          .check(
            z.trim(),
            z.minLength(3, 'Reason must have at least 3 characters'),
            z.maxLength(500, 'Reason must have at most 500 characters'),
          ),
      }),
    ),
    /** The line's `version` as loaded. */
    version: z.string().check(z.minLength(1, 'Version is required'), z.maxLength(200)),
  }),
);
export type InspectionRequest = z.infer<typeof inspectionRequestSchema>;

/** What recording findings did. */
const inspectionResultSchema = /* @__PURE__ */ pure(() =>
  z.object({
    /** The rule's price per piece for the findings. */
    rulePriceCents: centsSchema,
    /** The price per piece that counts now (the override or the rule's). */
    revisedPriceCents: centsSchema,
    /** `none`: the price stayed; `down`: a clarification opened; `up`: the upward correction. */
    revision: z.enum(['none', 'down', 'up']),
    trade: opsTradeDetailSchema,
  }),
);

/**
 * Records what the inspection found for line `:position` (inspector, admin). A `version` that no
 * longer matches answers `409 changed_meanwhile` with the line as it stands (`details.line`).
 */
export const opsInspectionEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'PUT',
  path: '/api/ops/trades/:tradeNumber/items/:position/inspection',
  auth: 'none',
  body: inspectionRequestSchema,
  params: opsLineParamsSchema,
  response: inspectionResultSchema,
});

/** The bytes of an upload (the router hands the raw body over). */
const imageBodySchema = /* @__PURE__ */ pure(() =>
  z.custom<Uint8Array>(
    (value) => value instanceof Uint8Array,
    'Send the photo itself as the request body',
  ),
);

/** Image bytes in an answer: clients fetch them as a blob. */
const imageBytesSchema = /* @__PURE__ */ pure(() => z.custom<Uint8Array>(() => true));

/**
 * Adds an inspection photo to line `:position` (inspector, admin): the body is the image
 * (JPEG, PNG or WebP, at most {@link maxInspectionPhotoBytes}), checked by content and stored
 * re-encoded as JPEG without metadata. Answers the line's inspection photos.
 */
export const addInspectionPhotoEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/ops/trades/:tradeNumber/items/:position/inspection-photos',
  auth: 'none',
  params: opsLineParamsSchema,
  body: imageBodySchema,
  response: z.object({ photos: z.array(opsPhotoSchema) }),
});

/** A photo of a line named in a path: the line's parameters and `:photoId`. */
const opsPhotoParamsSchema = /* @__PURE__ */ pure(() =>
  z.extend(opsLineParamsSchema, {
    photoId: z.string().check(z.regex(/^[0-9a-z-]{1,80}$/, 'Photo id is not one of a photo')),
  }),
);

/** The bytes of an inspection photo (`image/jpeg` and older types; admin, inspector, payouts). */
export const opsInspectionPhotoEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/ops/trades/:tradeNumber/items/:position/inspection-photos/:photoId',
  auth: 'none',
  params: opsPhotoParamsSchema,
  body: emptyBodySchema,
  response: imageBytesSchema,
});

/** The bytes of a seller's photo (`image/jpeg`; admin, inspector, payouts). */
export const opsSellerPhotoEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/ops/trades/:tradeNumber/items/:position/seller-photos/:photoId',
  auth: 'none',
  params: opsPhotoParamsSchema,
  body: emptyBodySchema,
  response: imageBytesSchema,
});

/** Page of the clarifications list. */
const clarificationQueueQuerySchema = /* @__PURE__ */ pure(() =>
  z.object({
    page: z._default(
      z.pipe(
        z.string().check(z.regex(/^[1-9][0-9]{0,4}$/, 'Page must be a whole number from 1')),
        z.transform(Number),
      ),
      1,
    ),
    pageSize: z._default(
      z.pipe(
        z
          .string()
          .check(z.regex(/^([1-9]|[1-9][0-9]|100)$/, 'Page size must be a whole number 1–100')),
        z.transform(Number),
      ),
      50,
    ),
  }),
);

/** One revised line in the clarifications list. */
const clarificationQueueLineSchema = /* @__PURE__ */ pure(() =>
  z.object({
    position: z.int().check(z.positive()),
    name: z.string(),
    priceCents: centsSchema,
    revisedPriceCents: centsSchema,
    reason: z.nullable(z.string()),
    state: z.enum(['open', 'accepted', 'returned']),
  }),
);

/** A trade in the clarifications list. */
const clarificationQueueEntrySchema = /* @__PURE__ */ pure(() =>
  z.object({
    tradeNumber: tradeNumberSchema,
    status: tradeStatusSchema,
    edition: editionCodeSchema,
    customer: z.nullable(
      z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
    ),
    /** When the clarification opened (the oldest open revision). */
    openedAt: isoDateTimeSchema,
    /** Whole hours since it opened (open ones) or until it was decided. */
    ageHours: z.int().check(z.nonnegative()),
    lines: z.array(clarificationQueueLineSchema),
    /** For decided ones: the outcome, who decided and when. */
    decision: z.nullable(
      z.object({
        outcome: z.enum(['accepted', 'returned']),
        by: z.enum(['customer', 'operator']),
        at: isoDateTimeSchema,
      }),
    ),
  }),
);

/** Open clarifications (oldest first) and the ones decided in the last 14 days (newest first). */
const clarificationQueueSchema = /* @__PURE__ */ pure(() =>
  z.object({
    open: z.array(clarificationQueueEntrySchema),
    openTotal: z.int().check(z.nonnegative()),
    decided: z.array(clarificationQueueEntrySchema),
    decidedTotal: z.int().check(z.nonnegative()),
  }),
);
export type ClarificationQueue = z.infer<typeof clarificationQueueSchema>;

/** The clarifications list (admin, inspector, payouts). */
export const opsClarificationsEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/ops/clarifications',
  auth: 'none',
  body: emptyBodySchema,
  query: clarificationQueueQuerySchema,
  response: clarificationQueueSchema,
});

/** A decision the seller gave outside the shop (by phone), per open line, with a note. */
const recordDecisionRequestSchema = /* @__PURE__ */ pure(() =>
  z.strictObject({
    decisions: z
      .array(
        z.strictObject({
          position: z.int().check(z.minimum(1, 'Position must be a whole number from 1')),
          decision: z.enum(['accept', 'return']),
        }),
      )
      .check(z.minLength(1, 'Give a decision for every open device')),
    note: z
      .string()
      .check(
        z.trim(),
        z.minLength(3, 'Note must have at least 3 characters'),
        z.maxLength(500, 'Note must have at most 500 characters'),
      ),
  }),
);

/** Records the seller's decision on every open line (inspector, admin); answers the trade. */
export const opsRecordDecisionEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/ops/trades/:tradeNumber/clarification-decisions',
  auth: 'none',
  body: recordDecisionRequestSchema,
  params: tradeParamsSchema,
  response: opsTradeDetailSchema,
});
