import { editionCodeSchema, shopModeSchema } from '@tradein/editions/client';
import * as z from 'zod/mini';
import { addressInputSchema, tradeStatusSchema } from './customer.ts';
import { bicSchema, ibanSchema, normalizeIban } from './payment-accounts.ts';
import { defineEndpoint } from './endpoint.ts';
import { offerUuidSchema, partnerCodeSchema } from './offers.ts';
import {
  accountHolderSchema,
  centsSchema,
  emailSchema,
  emptyBodySchema,
  idSchema,
  isoDateTimeSchema,
  textLineChecks,
  voucherCodeSchema,
} from './primitives.ts';
import { pure } from './pure.ts';
import { tradeAfterSaleSchema } from './trade-after-sale.ts';
import { tradeNumberSchema } from './trade-number.ts';
import { vatIdSchema } from './vat-id.ts';

/** Most pieces of one device in one trade line. */
export const maxTradeQuantity = 99;

/** Most lines (devices) of one trade. */
const maxTradeLines = 50;

export { tradeNumberSchema };

/** The route parameter of a trade's calls: `:tradeNumber`. */
export const tradeParamsSchema = /* @__PURE__ */ pure(() =>
  z.object({ tradeNumber: tradeNumberSchema }),
);

/**
 * A line (device) of a trade named in a path (`:position`): a whole number from 1, as text,
 * parsed to the number.
 */
export const linePositionParamSchema = /* @__PURE__ */ pure(() =>
  z.pipe(
    z.string().check(z.regex(/^[1-9][0-9]{0,3}$/, 'Position must be a whole number from 1')),
    z.transform(Number),
  ),
);

/** One cart line at checkout: an offer and how many such devices are sent. */
const checkoutLineSchema = /* @__PURE__ */ pure(() =>
  z.object({
    offerId: offerUuidSchema,
    quantity: z
      .int()
      .check(
        z.minimum(1, 'Quantity must be at least 1'),
        z.maximum(maxTradeQuantity, `Quantity must be at most ${maxTradeQuantity}`),
      ),
  }),
);

/** The payment type that means PayPal (§9); every other type is a SEPA transfer. */
const payPalType = 2;

/** Reports the issues of a field schema under the field's name. */
function checkField(
  context: {
    addIssue(issue: { code: 'custom'; path: PropertyKey[]; message: string; input: unknown }): void;
  },
  field: string,
  schema: z.ZodMiniType,
  value: unknown,
  missing: string,
): void {
  if (value === undefined) {
    context.addIssue({ code: 'custom', path: [field], message: missing, input: value });
    return;
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return;
  // One message per field: the first problem is the one to fix.
  const message = parsed.error.issues[0]?.message ?? `${field} is not valid`;
  context.addIssue({ code: 'custom', path: [field], message, input: value });
}

/**
 * Where the money goes: payment type 2 is PayPal (`email`), any other type a SEPA transfer
 * (`accountHolder`, `iban` with valid check digits, optional `bic`). The IBAN may carry
 * spaces and lower case; it is checked in electronic form.
 */
export const payoutSchema = /* @__PURE__ */ pure(() =>
  z
    .object({
      paymentType: z.int().check(z.positive('Payment type must be a positive whole number')),
      // Each is checked for its payment type below; text that is no text is refused for any.
      email: z.optional(z.string().check(...textLineChecks('E-mail address'))),
      accountHolder: z.optional(z.string().check(...textLineChecks('Account holder'))),
      iban: z.optional(
        z.string().check(z.maxLength(64, 'IBAN is too long'), ...textLineChecks('IBAN')),
      ),
      bic: z.optional(z.string().check(...textLineChecks('BIC'))),
    })
    .check(
      z.superRefine((payout, context) => {
        if (payout.paymentType === payPalType) {
          checkField(
            context,
            'email',
            emailSchema,
            payout.email,
            'PayPal e-mail address is missing',
          );
          return;
        }
        checkField(
          context,
          'accountHolder',
          accountHolderSchema,
          payout.accountHolder,
          'Account holder is missing',
        );
        checkField(
          context,
          'iban',
          ibanSchema,
          payout.iban === undefined ? undefined : normalizeIban(payout.iban),
          'IBAN is missing',
        );
        if (payout.bic !== undefined && payout.bic !== '') {
          checkField(context, 'bic', bicSchema, payout.bic.toUpperCase(), 'BIC is missing');
        }
      }),
    ),
);

/** Body of `POST /api/trade/trades`: one checkout, one trade. */
export const checkoutRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({
    edition: editionCodeSchema,
    offers: z
      .array(checkoutLineSchema)
      .check(
        z.minLength(1, 'The cart is empty'),
        z.maxLength(maxTradeLines, `At most ${maxTradeLines} cart lines`),
      ),
    address: addressInputSchema,
    payout: payoutSchema,
    voucher: z.optional(voucherCodeSchema),
    shopMode: shopModeSchema,
    partner: z.optional(partnerCodeSchema),
    /**
     * The selling company's VAT ID, B2B mode only: an EU member state's prefix and its check
     * digits; spaces, dots, dashes and lower case are accepted and stored normalised
     * (`DE123456789`).
     */
    vatId: z.optional(vatIdSchema),
    acceptedTerms: z.literal(true, 'Accept the terms and conditions'),
    newsletterOptIn: z.optional(z.boolean()),
  }),
);
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** What the inspection found for one question, against what the customer answered. */
export const inspectionFindingSchema = /* @__PURE__ */ pure(() =>
  z.object({
    questionId: idSchema,
    questionCode: z.string(),
    question: z.string(),
    answeredCode: z.string(),
    answeredText: z.string(),
    foundCode: z.string(),
    foundText: z.string(),
    /** Found differs from answered. */
    differs: z.boolean(),
  }),
);
export type InspectionFinding = z.infer<typeof inspectionFindingSchema>;

/** One line of a trade. */
const tradeItemSchema = /* @__PURE__ */ pure(() =>
  z.object({
    /** 1-based position of the line in the trade (operators name lines by it). */
    position: z.int().check(z.positive()),
    offerId: offerUuidSchema,
    deviceId: idSchema,
    name: z.string(),
    quantity: z.int().check(z.positive()),
    priceCents: centsSchema,
    /** Price per piece after inspection; null until a revision. */
    revisedPriceCents: z.nullable(centsSchema),
    /** Price × quantity of this line (revised price when accepted), truncated to cents. */
    lineTotalCents: centsSchema,
    findings: z.array(inspectionFindingSchema),
    hasPhoto: z.boolean(),
    /**
     * The customer asked for this device back after a clarification: it leaves the trade's
     * total and is sent back free of charge. Absent in answers of servers before per-device
     * decisions.
     */
    returned: z.optional(z.boolean()),
  }),
);

/** What the customer decides for one device of a clarification, or for all of them. */
export const clarificationLineDecisionSchema = /* @__PURE__ */ pure(() =>
  z.enum(['accept', 'return']),
);
export type ClarificationLineDecision = z.infer<typeof clarificationLineDecisionSchema>;

/** One decision per device, named by the line's position; each position at most once. */
export const clarificationDecisionsSchema = /* @__PURE__ */ pure(() =>
  z
    .array(
      z.object({
        position: z.int().check(z.positive('Position must be a positive whole number')),
        decision: clarificationLineDecisionSchema,
      }),
    )
    .check(
      z.minLength(1, 'Decide for at least one device'),
      z.maxLength(maxTradeLines, `At most ${maxTradeLines} decisions`),
      z.refine(
        (decisions) => new Set(decisions.map((entry) => entry.position)).size === decisions.length,
        'Decide once per device',
      ),
    ),
);

/** A clarification: the revised offer per line, waiting for the customer's decision. */
export const tradeClarificationSchema = /* @__PURE__ */ pure(() =>
  z.object({
    state: z.enum(['open', 'accepted', 'returned', 'expired']),
    createdAt: isoDateTimeSchema,
    answeredAt: z.nullable(isoDateTimeSchema),
    items: z.array(
      z.object({
        position: z.int().check(z.positive()),
        priceCents: centsSchema,
        revisedPriceCents: centsSchema,
        reason: z.nullable(z.string()),
        /** The customer's decision for this device; null while it is open. */
        decision: z.optional(z.nullable(clarificationLineDecisionSchema)),
      }),
    ),
    /** The trade total if the customer accepts. */
    revisedTotalCents: centsSchema,
  }),
);
export type TradeClarification = z.infer<typeof tradeClarificationSchema>;

/** One status change of a trade. */
const tradeEventSchema = /* @__PURE__ */ pure(() =>
  z.object({
    status: tradeStatusSchema,
    at: isoDateTimeSchema,
    note: z.nullable(z.string()),
  }),
);

/** A trade as its owner sees it (`GET /api/trade/trades/:tradeNumber`, answer of checkout). */
export const tradeSchema = /* @__PURE__ */ pure(() =>
  z.object({
    tradeId: idSchema,
    tradeNumber: tradeNumberSchema,
    edition: editionCodeSchema,
    status: tradeStatusSchema,
    shopMode: shopModeSchema,
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
    currency: z.literal('EUR'),
    /** Σ line totals. */
    itemsTotalCents: centsSchema,
    voucher: z.nullable(z.object({ code: voucherCodeSchema, bonusCents: centsSchema })),
    taxCents: z.literal(0),
    shippingCents: z.literal(0),
    /** What is paid out: items total plus voucher bonus. */
    totalCents: centsSchema,
    paymentType: z.int(),
    /**
     * The selling company's VAT ID (normalised, `DE123456789`) of a business trade that gave
     * one; null otherwise. Absent in answers of servers before it.
     */
    vatId: z.optional(z.nullable(z.string())),
    items: z.array(tradeItemSchema),
    clarification: z.nullable(tradeClarificationSchema),
    events: z.array(tradeEventSchema),
    /** Path of the shipping label PDF (bearer call). */
    labelPath: z.string(),
    /** What the seller needs after the sale; absent in answers of servers before it. */
    afterSale: z.optional(tradeAfterSaleSchema),
  }),
);
export type Trade = z.infer<typeof tradeSchema>;

/**
 * Body of `POST /api/trade/trades/:tradeNumber/clarification`: one `decision` for every open
 * line, or `decisions` per line (every open line once).
 */
const clarificationDecisionSchema = /* @__PURE__ */ pure(() =>
  z.union([
    z.object({ decision: clarificationLineDecisionSchema }),
    z.object({ decisions: clarificationDecisionsSchema }),
  ]),
);

/** The shipping label is a PDF, not JSON: clients fetch it as bytes. */
const pdfBytesSchema = /* @__PURE__ */ pure(() => z.custom<Uint8Array>(() => true));

/**
 * A one-time token of a guest trade: the confirmation link of its mail, and the account claim
 * of the checkout's answer (which a registration may carry as `tradeClaim`).
 */
export const tradeMailboxTokenSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(z.regex(/^[A-Za-z0-9_-]{20,128}$/, 'Token must be 20–128 letters, digits, "-" or "_"')),
);

/**
 * Answer of checkout: the trade and, for a guest, a one-time account claim. A registration with
 * the same e-mail address right after the checkout may carry it (`tradeClaim`), so that the new
 * account holds the trade once its activation has proven the mailbox. Null for a registered
 * customer, whose trade is in its account already.
 */
export const createdTradeSchema = /* @__PURE__ */ pure(() =>
  z.extend(tradeSchema, { accountClaim: z.optional(z.nullable(tradeMailboxTokenSchema)) }),
);
export type CreatedTrade = z.infer<typeof createdTradeSchema>;

/**
 * An `Idempotency-Key`: 1–255 printable ASCII characters (space to tilde), as Stripe allows.
 * Clients send a random UUID, one per checkout attempt.
 */
const idempotencyKeySchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(
      z.regex(/^[\x20-\x7E]{1,255}$/, 'Idempotency-Key must be 1–255 printable ASCII characters'),
    ),
);

/**
 * Headers of checkout: an optional `Idempotency-Key`. The same key from the same customer
 * within 24 hours answers the trade it created (201, the same body) instead of a second one.
 */
export const checkoutHeadersSchema = /* @__PURE__ */ pure(() =>
  z.object({ 'idempotency-key': z.optional(idempotencyKeySchema) }),
);

/**
 * Checks out the cart: one trade with its offers, address and payout. A retry with the same
 * `Idempotency-Key` answers the same trade; the same key with another body is refused (422,
 * `idempotency_key_reused`), and while the key's first checkout still runs the retry gets 409
 * (`idempotency_key_in_use`) with `Retry-After`.
 */
export const createTradeEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/trade/trades',
  auth: 'bearer',
  body: checkoutRequestSchema,
  response: createdTradeSchema,
  headers: checkoutHeadersSchema,
});

/** One trade of the token's customer with items, findings, clarification and events. */
export const getTradeEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/trade/trades/:tradeNumber',
  auth: 'bearer',
  params: tradeParamsSchema,
  body: emptyBodySchema,
  response: tradeSchema,
});

/** The A6 shipping label of a trade (`application/pdf`). */
export const tradeLabelEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/trade/trades/:tradeNumber/label.pdf',
  auth: 'bearer',
  params: tradeParamsSchema,
  body: emptyBodySchema,
  response: pdfBytesSchema,
});

/** The customer's answer to a clarification: accept the revised offer or get the devices back. */
export const answerClarificationEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/trade/trades/:tradeNumber/clarification',
  auth: 'bearer',
  params: tradeParamsSchema,
  body: clarificationDecisionSchema,
  response: tradeSchema,
});

/**
 * Body of `POST /api/trade/trades/confirm_mailbox`: the token of the link, and the edition of
 * the shop page that follows it (the language of a refusal).
 */
const tradeMailboxConfirmationRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({
    edition: editionCodeSchema,
    token: tradeMailboxTokenSchema,
  }),
);

/** Answer of the confirmation: the trade, and whether it is now in the customer account. */
export const tradeMailboxConfirmationSchema = /* @__PURE__ */ pure(() =>
  z.object({
    tradeNumber: tradeNumberSchema,
    /** False while no activated account has the mail's address; it moves there on activation. */
    inAccount: z.boolean(),
  }),
);

/**
 * Follows the link in a guest's trade mail: proves that the holder of that mailbox claims the
 * trade, which then goes into the customer account of that address (now or once activated).
 * Needs no session; the single-use token is the authorisation.
 */
export const confirmTradeMailboxEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/trade/trades/confirm_mailbox',
  auth: 'none',
  body: tradeMailboxConfirmationRequestSchema,
  response: tradeMailboxConfirmationSchema,
});

/**
 * Trade calls; `:tradeNumber` is a path parameter; every call needs the bearer token except the
 * confirmation link of a guest's trade mail.
 */
export const tradeEndpoints = {
  createTrade: createTradeEndpoint,
  getTrade: getTradeEndpoint,
  tradeLabel: tradeLabelEndpoint,
  answerClarification: answerClarificationEndpoint,
  confirmTradeMailbox: confirmTradeMailboxEndpoint,
};
