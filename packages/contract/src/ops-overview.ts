/**
 * The back office's overview (docs/trades.md, "The overview"): today's received, inspected and
 * paid trades, the median time from receipt to payout, and the trades past their payout promise.
 * Any staff member may read it.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';
import { payoutMethodSchema } from './ops-payouts.ts';
import { centsSchema, emptyBodySchema, isoDateTimeSchema } from './primitives.ts';
import { pure } from './pure.ts';
import { tradeNumberSchema } from './trade-number.ts';

/** How many trades of one day reached a status, and their totals summed. */
const dayFigureSchema = /* @__PURE__ */ pure(() =>
  z.object({
    count: z.int().check(z.nonnegative()),
    totalCents: centsSchema,
  }),
);
export type OverviewDayFigure = z.infer<typeof dayFigureSchema>;

/** A trade whose payout promise passed without payment. */
const latePayoutSchema = /* @__PURE__ */ pure(() =>
  z.object({
    tradeNumber: tradeNumberSchema,
    status: z.enum(['inspected', 'accepted']),
    customerName: z.nullable(z.string()),
    method: payoutMethodSchema,
    amountCents: centsSchema,
    acceptedAt: isoDateTimeSchema,
    /** The promise's last day, `YYYY-MM-DD`. */
    promisedBy: z.string(),
    /** Calendar days since `promisedBy` (1 the day after). */
    daysLate: z.int().check(z.positive()),
  }),
);

/** The overview's figures. */
const opsOverviewSchema = /* @__PURE__ */ pure(() =>
  z.object({
    /** Today, `YYYY-MM-DD`, in `timeZone`. */
    day: z.string(),
    /** The business time zone the day is counted in (`Europe/Berlin`). */
    timeZone: z.string(),
    received: dayFigureSchema,
    inspected: dayFigureSchema,
    paid: dayFigureSchema,
    /**
     * The median hours from receipt to payout of the trades paid in the last
     * `medianWindowDays` days, to one decimal; null when none was paid.
     */
    medianHoursReceiptToPayout: z.nullable(z.number().check(z.nonnegative())),
    medianWindowDays: z.int().check(z.positive()),
    /** Unpaid trades past their payout promise: how many, and the first, oldest promise first. */
    pastPromise: z.object({
      count: z.int().check(z.nonnegative()),
      trades: z.array(latePayoutSchema),
    }),
  }),
);
export type OpsOverview = z.infer<typeof opsOverviewSchema>;

/** The overview, for any staff member. */
export const opsOverviewEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/ops/overview',
  auth: 'none',
  body: emptyBodySchema,
  response: opsOverviewSchema,
});
