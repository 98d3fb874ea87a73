import { editionCodeSchema, shopModeSchema } from '@tradein/editions/client';
import * as z from 'zod/mini';
import { tradeStatusSchema } from './customer.ts';
import { defineEndpoint } from './endpoint.ts';
import { centsSchema, emptyBodySchema, isoDateTimeSchema } from './primitives.ts';
import { pure } from './pure.ts';
import { tradeAfterSaleSchema } from './trade-after-sale.ts';
import { tradeNumberSchema } from './trade-number.ts';

/**
 * The token of a trade's status page: a signed, expiring JWT naming the trade (three base64url
 * parts). Its form is checked here; its signature and expiry only the server can check.
 */
export const tradeStatusTokenSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(
      z.maxLength(1024, 'Status token is too long'),
      z.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'Status token is malformed'),
    ),
);

/** What the status page of a trade shows: no address, no account, no payout account in full. */
export const tradeStatusViewSchema = /* @__PURE__ */ pure(() =>
  z.object({
    tradeNumber: tradeNumberSchema,
    edition: editionCodeSchema,
    shopMode: shopModeSchema,
    status: tradeStatusSchema,
    createdAt: isoDateTimeSchema,
    /** The status changes so far, oldest first. */
    events: z.array(z.object({ status: tradeStatusSchema, at: isoDateTimeSchema })),
    items: z.array(
      z.object({
        name: z.string(),
        quantity: z.int().check(z.positive()),
        /** Price per piece: the revised price when the inspection revised it. */
        priceCents: centsSchema,
        returned: z.boolean(),
      }),
    ),
    totalCents: centsSchema,
    afterSale: tradeAfterSaleSchema,
    /** The API path of the label PDF for this token (`GET`, no login). */
    labelPath: z.string(),
    /** When the token stops opening the page. */
    expiresAt: isoDateTimeSchema,
  }),
);
export type TradeStatusView = z.infer<typeof tradeStatusViewSchema>;

/** Body of the status call: the token of the link. */
const tradeStatusRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({ token: tradeStatusTokenSchema }),
);

/**
 * The status page of a trade by its signed link, for a seller without an account. A wrong,
 * tampered or expired token answers 404 `not_found`, whatever the reason.
 */
export const tradeStatusEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/trade/trade_status',
  auth: 'none',
  body: tradeStatusRequestSchema,
  response: tradeStatusViewSchema,
});

/** The label PDF of the status page's trade (`?token=`), answered like the status call. */
export const tradeStatusLabelEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/trade/trade_status/label.pdf',
  auth: 'none',
  query: tradeStatusRequestSchema,
  body: emptyBodySchema,
  response: /* @__PURE__ */ pure(() => z.custom<Uint8Array>(() => true)),
});

/** The calls of a trade's status link. */
export const tradeStatusEndpoints = {
  tradeStatus: tradeStatusEndpoint,
  tradeStatusLabel: tradeStatusLabelEndpoint,
};
