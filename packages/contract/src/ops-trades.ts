/**
 * The back office's trades queue (docs/trades.md, "The trades queue"): the query a list's URL
 * holds, and the page the API answers. The back office and the API parse with the same schema,
 * so a link that shares a view is read alike on both sides.
 */
import { editionCodeSchema, shopModeSchema } from '@tradein/editions/client';
import * as z from 'zod/mini';
import { tradeStatusSchema } from './customer.ts';
import { partnerCodeSchema } from './offers.ts';
import { pageQueryFields } from './page-query.ts';
import { centsSchema, isoDateTimeSchema } from './primitives.ts';
import { pure } from './pure.ts';
import { tradeNumberSchema } from './trade-number.ts';

/** The longest search text, in characters. */
const maxTradeQueueSearchLength = 100;

/** What the queue can be sorted by: checkout time, payout total, trade number. */
const tradeQueueSortKeys = ['created', 'total', 'number'] as const;

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 does not). */
const calendarDaySchema = /* @__PURE__ */ pure(() =>
  z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date must be a day as YYYY-MM-DD', abort: true }),
    z.refine((day) => {
      const time = Date.parse(`${day}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
    }, 'Date must be a day of the calendar'),
  ),
);

/**
 * The query of the trades queue, as the list's URL holds it (every value text, page numbers
 * too) or as code builds it. Optional filters narrow the list; `counts` of the answer ignore
 * `status` (the tabs). `q` searches a trade number (exact or its beginning), the beginning of a
 * customer's e-mail address, or the beginning of a customer's first or last name (two words:
 * first and last name), all case-insensitive. `from`/`to` are days of checkout, both included.
 */
export const tradeQueueQuerySchema = /* @__PURE__ */ pure(() =>
  z
    .object({
      status: z.optional(tradeStatusSchema),
      edition: z.optional(editionCodeSchema),
      mode: z.optional(shopModeSchema),
      partner: z.optional(partnerCodeSchema),
      from: z.optional(calendarDaySchema),
      to: z.optional(calendarDaySchema),
      q: z.optional(
        z.string().check(
          z.trim(),
          z.minLength(1, 'Search must not be empty'),
          z.maxLength(
            maxTradeQueueSearchLength,
            `Search must be at most ${maxTradeQueueSearchLength} characters`,
          ),
          z.refine(
            (text) => !/[\p{Cc}\p{Cs}]/u.test(text),
            'Search must be one line of plain text without control characters',
          ),
        ),
      ),
      sort: z._default(z.enum(tradeQueueSortKeys), 'created'),
      direction: z._default(z.enum(['asc', 'desc']), 'desc'),
      ...pageQueryFields(),
    })
    .check(
      z.refine(
        (query) => query.from === undefined || query.to === undefined || query.from <= query.to,
        {
          error: 'The first day must not be after the last day',
          path: ['to'],
        },
      ),
    ),
);
export type TradeQueueQuery = z.infer<typeof tradeQueueQuerySchema>;
/** The query as a URL or a caller gives it, before defaults. */
export type TradeQueueQueryInput = z.input<typeof tradeQueueQuerySchema>;

/** What every staff view of a trade starts with: number, status, shop, partner, customer. */
export function opsTradeHeadFields() {
  return {
    tradeNumber: tradeNumberSchema,
    status: tradeStatusSchema,
    edition: editionCodeSchema,
    shopMode: shopModeSchema,
    /** The widget's partner code the trade came through; null when none. */
    partner: z.nullable(z.string()),
    createdAt: isoDateTimeSchema,
    /** The customer's name and e-mail; null once the customer was deleted. */
    customer: z.nullable(
      z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
    ),
  };
}

/** One row of the queue: what the list shows of a trade. */
export const tradeQueueRowSchema = /* @__PURE__ */ pure(() =>
  z.object({
    ...opsTradeHeadFields(),
    /** Lines of the trade. */
    items: z.int().check(z.nonnegative()),
    /** Devices of the trade (the lines' quantities summed). */
    devices: z.int().check(z.nonnegative()),
    totalCents: centsSchema,
  }),
);
export type TradeQueueRow = z.infer<typeof tradeQueueRowSchema>;

/** A page of the queue, the trades that match in all and the count of each status tab. */
export const tradeQueuePageSchema = /* @__PURE__ */ pure(() =>
  z.object({
    rows: z.array(tradeQueueRowSchema),
    /** Trades matching every filter, status included. */
    total: z.int().check(z.nonnegative()),
    /** Trades per status matching every filter except the status. */
    counts: z.record(tradeStatusSchema, z.int().check(z.nonnegative())),
  }),
);
export type TradeQueuePage = z.infer<typeof tradeQueuePageSchema>;
