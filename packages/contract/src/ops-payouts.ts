/**
 * The back office's payouts screen (docs/payouts.md, "Back-office calls"): the trades ready to
 * pay, earliest payout promise first, and payout batches with their SEPA or PayPal file. Every
 * call needs the role `payouts`; lists are paged on the server, their query is a list's URL.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';
import { pageQueryFields } from './page-query.ts';
import { centsSchema, emptyBodySchema, isoDateTimeSchema } from './primitives.ts';
import { pure } from './pure.ts';
import { tradeNumberSchema } from './trade-number.ts';

/** The most trades one batch takes: PayPal's limit per file. */
const maxPayoutBatchTrades = 5000;

/** How a trade is paid out: SEPA credit transfer, or PayPal (payment type 2). */
export const payoutMethodSchema = /* @__PURE__ */ pure(() =>
  z.enum(['sepa', 'paypal'], 'Method must be sepa or paypal'),
);

/** A payout batch's number, e.g. `PB-2026-000001`. */
const payoutBatchNumberSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(z.regex(/^PB-[0-9]{4}-[0-9]{6,10}$/, 'Batch number must look like PB-2026-000001')),
);

/** A calendar day, `YYYY-MM-DD`. */
const daySchema = /* @__PURE__ */ pure(() => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)));

/** Where the money goes, as the clerk may see it: never a whole IBAN. */
const payoutPayeeSchema = /* @__PURE__ */ pure(() =>
  z.discriminatedUnion('method', [
    z.object({
      method: z.literal('sepa'),
      accountHolder: z.string(),
      /** The IBAN with every character but the last four replaced by `*`, in groups of four. */
      ibanMasked: z.string(),
      ibanLast4: z.string(),
    }),
    z.object({ method: z.literal('paypal'), email: z.string() }),
  ]),
);
export type PayoutPayee = z.infer<typeof payoutPayeeSchema>;

/** The query of the ready-to-pay list: page, page size, and optionally one method. */
const payoutReadyQuerySchema = /* @__PURE__ */ pure(() =>
  z.object({
    method: z.optional(payoutMethodSchema),
    ...pageQueryFields(),
  }),
);
export type PayoutReadyQuery = z.infer<typeof payoutReadyQuerySchema>;

/** One trade that may be paid now (or is in an open batch waiting for its confirmation). */
const payoutReadyRowSchema = /* @__PURE__ */ pure(() =>
  z.object({
    tradeNumber: tradeNumberSchema,
    /** `inspected` (found as answered, or raised) or `accepted` (after a clarification). */
    status: z.enum(['inspected', 'accepted']),
    /** The customer's first and last name; null once the customer was deleted. */
    customerName: z.nullable(z.string()),
    payee: payoutPayeeSchema,
    amountCents: centsSchema,
    /** When the trade was accepted: its `inspected` or `accepted` event. */
    acceptedAt: isoDateTimeSchema,
    /** The last day of the payout promise (5 business days after acceptance), Central European. */
    promisedBy: daySchema,
    /** Whether today (Central European time) is after `promisedBy`. */
    pastPromise: z.boolean(),
    /** The open batch the trade is in, or null. */
    openBatch: z.nullable(payoutBatchNumberSchema),
  }),
);
export type PayoutReadyRow = z.infer<typeof payoutReadyRowSchema>;

/** A page of the ready-to-pay list and how many trades it has in all. */
const payoutReadyPageSchema = /* @__PURE__ */ pure(() =>
  z.object({
    rows: z.array(payoutReadyRowSchema),
    /** Trades matching the query's method (all pages). */
    total: z.int().check(z.nonnegative()),
  }),
);
export type PayoutReadyPage = z.infer<typeof payoutReadyPageSchema>;

/** Who made or closed a batch: the audit actor (`staff:<id>`, `ops:<login>`) and its name. */
const payoutActorSchema = /* @__PURE__ */ pure(() =>
  z.object({ actor: z.string(), label: z.string() }),
);

/** The states of a batch. */
const payoutBatchStateSchema = /* @__PURE__ */ pure(() =>
  z.enum(['open', 'confirmed', 'cancelled'], 'State must be open, confirmed or cancelled'),
);

/** A batch as the list shows it. */
const payoutBatchSummarySchema = /* @__PURE__ */ pure(() =>
  z.object({
    batchNumber: payoutBatchNumberSchema,
    method: payoutMethodSchema,
    state: payoutBatchStateSchema,
    tradeCount: z.int().check(z.nonnegative()),
    totalCents: centsSchema,
    /** The file's name, `PB-2026-000001.xml` or `.csv`. */
    fileName: z.string(),
    createdAt: isoDateTimeSchema,
    createdBy: payoutActorSchema,
    closedAt: z.nullable(isoDateTimeSchema),
    closedBy: z.nullable(payoutActorSchema),
  }),
);
export type PayoutBatchSummary = z.infer<typeof payoutBatchSummarySchema>;

/** The query of the batch list: page, page size, and optionally one state. */
const payoutBatchesQuerySchema = /* @__PURE__ */ pure(() =>
  z.object({
    state: z.optional(payoutBatchStateSchema),
    ...pageQueryFields(),
  }),
);
export type PayoutBatchesQuery = z.infer<typeof payoutBatchesQuerySchema>;

/** A page of batches, newest first. */
const payoutBatchesPageSchema = /* @__PURE__ */ pure(() =>
  z.object({
    rows: z.array(payoutBatchSummarySchema),
    total: z.int().check(z.nonnegative()),
  }),
);
export type PayoutBatchesPage = z.infer<typeof payoutBatchesPageSchema>;

/** One trade of a batch. */
const payoutBatchTradeSchema = /* @__PURE__ */ pure(() =>
  z.object({
    tradeNumber: tradeNumberSchema,
    /** The trade's status now (`paid` once the batch is confirmed). */
    status: z.string(),
    customerName: z.nullable(z.string()),
    payee: payoutPayeeSchema,
    /** What the batch pays for the trade. */
    amountCents: centsSchema,
  }),
);

/** A batch with its trades. */
const payoutBatchDetailSchema = /* @__PURE__ */ pure(() =>
  z.object({
    batch: payoutBatchSummarySchema,
    trades: z.array(payoutBatchTradeSchema),
  }),
);
export type PayoutBatchDetail = z.infer<typeof payoutBatchDetailSchema>;

/** A new batch: its method and its trades (each once). */
const createPayoutBatchSchema = /* @__PURE__ */ pure(() =>
  z.object({
    method: payoutMethodSchema,
    tradeNumbers: z.array(tradeNumberSchema).check(
      z.minLength(1, 'Choose at least one trade'),
      z.maxLength(maxPayoutBatchTrades, `A batch takes at most ${maxPayoutBatchTrades} trades`),
      z.refine((numbers) => new Set(numbers).size === numbers.length, 'Name each trade once'),
    ),
  }),
);

/** The batch named in the path. */
const batchParamsSchema = /* @__PURE__ */ pure(() =>
  z.object({ batchNumber: payoutBatchNumberSchema }),
);

/** The file's bytes (XML or CSV), sent as they are. */
const payoutFileSchema = /* @__PURE__ */ pure(() => z.custom<Uint8Array>(() => true));

/** Trades ready to pay, earliest payout promise first. */
export const payoutReadyEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/ops/payouts/ready',
  auth: 'none',
  body: emptyBodySchema,
  query: payoutReadyQuerySchema,
  response: payoutReadyPageSchema,
});

/** Payout batches, newest first. */
export const payoutBatchesEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/ops/payouts/batches',
  auth: 'none',
  body: emptyBodySchema,
  query: payoutBatchesQuerySchema,
  response: payoutBatchesPageSchema,
});

/** One batch with its trades. */
export const payoutBatchEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/ops/payouts/batches/:batchNumber',
  auth: 'none',
  params: batchParamsSchema,
  body: emptyBodySchema,
  response: payoutBatchDetailSchema,
});

/** Makes an open batch and its file. */
export const createPayoutBatchEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/ops/payouts/batches',
  auth: 'none',
  body: createPayoutBatchSchema,
  response: payoutBatchDetailSchema,
});

/** The batch's file again: `application/xml` (SEPA) or `text/csv` (PayPal), as an attachment. */
export const payoutBatchFileEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/ops/payouts/batches/:batchNumber/file',
  auth: 'none',
  params: batchParamsSchema,
  body: emptyBodySchema,
  response: payoutFileSchema,
});

/** The money went out: the batch's trades become paid, their sellers are mailed. */
export const confirmPayoutBatchEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/ops/payouts/batches/:batchNumber/confirm',
  auth: 'none',
  params: batchParamsSchema,
  body: emptyBodySchema,
  response: payoutBatchDetailSchema,
});

/** Drops an open batch whose file was not used; its trades are ready again. */
export const cancelPayoutBatchEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/ops/payouts/batches/:batchNumber/cancel',
  auth: 'none',
  params: batchParamsSchema,
  body: emptyBodySchema,
  response: payoutBatchDetailSchema,
});
