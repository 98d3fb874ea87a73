import * as z from 'zod/mini';
import {
  centsSchema,
  idSchema,
  offerIdSchema,
  textLineChecks,
  voucherCodeSchema,
} from './primitives.ts';
import { pure } from './pure.ts';

/** Short free text of a tracking field (names, categories, ids from other systems). */
const trackingTextSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(
      z.minLength(1, 'Must not be empty'),
      z.maxLength(200, 'Must be at most 200 characters'),
      ...textLineChecks('Text'),
    ),
);

/**
 * The tracking event fields of §3. Money (`revenue`, `voucherValue`) is in integer cents like
 * every amount of the shop; the tracking layer converts to euros where a vendor wants them.
 */
export const trackingEventFieldsSchema = /* @__PURE__ */ pure(() =>
  z.object({
    conditionId: z.optional(trackingTextSchema),
    currency: z.optional(
      z.string().check(z.regex(/^[A-Z]{3}$/, 'Currency must be an ISO 4217 code')),
    ),
    deviceId: z.optional(idSchema),
    revenue: z.optional(centsSchema),
    productName: z.optional(trackingTextSchema),
    offerId: z.optional(offerIdSchema),
    tradeId: z.optional(idSchema),
    category: z.optional(trackingTextSchema),
    voucherCode: z.optional(voucherCodeSchema),
    voucherValue: z.optional(centsSchema),
  }),
);
export type TrackingEventFields = z.infer<typeof trackingEventFieldsSchema>;

/** A touchpoint parameter value as it came in the landing url. */
const touchpointValueSchema = /* @__PURE__ */ pure(() =>
  z.optional(
    z
      .string()
      .check(z.maxLength(500, 'Must be at most 500 characters'), ...textLineChecks('Value')),
  ),
);

/**
 * The touchpoint parameters of a visit (§9), each optional. The keys are those of the editions'
 * `touchpointParameters` list, spelled out so that each one has its own typed field.
 */
export const touchpointParamsSchema = /* @__PURE__ */ pure(() =>
  z.object({
    gclid: touchpointValueSchema,
    msclkid: touchpointValueSchema,
    fbclid: touchpointValueSchema,
    dyntr: touchpointValueSchema,
    ctb: touchpointValueSchema,
    utm_source: touchpointValueSchema,
    utm_medium: touchpointValueSchema,
    utm_campaign: touchpointValueSchema,
    utm_id: touchpointValueSchema,
    belboon: touchpointValueSchema,
    awc: touchpointValueSchema,
  }),
);
export type TouchpointParams = z.infer<typeof touchpointParamsSchema>;

/** Events the controlling call records (§7). */
export const controllingEventNameSchema = /* @__PURE__ */ pure(() =>
  z.enum(['marketing_touchpoint', 'offer_add_to_cart', 'offer_generated', 'trade_created']),
);
export type ControllingEventName = z.infer<typeof controllingEventNameSchema>;

/** Fields an event is meaningless without: an offer event names device and offer, a trade its id. */
const requiredFieldsByEvent: Readonly<
  Record<ControllingEventName, readonly (keyof TrackingEventFields)[]>
> = {
  marketing_touchpoint: [],
  offer_generated: ['deviceId', 'offerId'],
  offer_add_to_cart: ['deviceId', 'offerId'],
  trade_created: ['tradeId', 'revenue'],
};

/**
 * An absolute http(s) URL, as the browser's URL parser reads it. A refinement rather than
 * `z.url()`: the widget shares zod's code between its chunks, and this costs it no new schema
 * type.
 */
function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** The tracking client id (the `hash` of `GET /api/client-id`). */
export const clientIdSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(
      z.regex(/^[A-Za-z0-9_-]{8,128}$/, 'Client id must be 8–128 letters, digits, "-" or "_"'),
    ),
);

/**
 * Body of `POST /api/controlling/controlling` (§7): who (client id), where (application and
 * page url), what (event name), with the event fields of §3 and the touchpoint parameters flat
 * beside them.
 */
export const controllingRequestSchema = /* @__PURE__ */ pure(() =>
  z
    .object({
      clientId: clientIdSchema,
      applicationId: z
        .string()
        .check(
          z.regex(
            /^[A-Za-z0-9_.-]{1,100}$/,
            'Application id must be 1–100 letters, digits, ".", "-" or "_"',
          ),
        ),
      // The URL parser drops tabs and line breaks instead of refusing them: check the text first.
      url: z
        .string()
        .check(
          z.maxLength(2048),
          ...textLineChecks('Url'),
          z.refine(isHttpUrl, 'Url must be an absolute http(s) url'),
        ),
      eventName: controllingEventNameSchema,
      ...trackingEventFieldsSchema.shape,
      ...touchpointParamsSchema.shape,
    })
    .check(
      z.superRefine((event, context) => {
        for (const field of requiredFieldsByEvent[event.eventName]) {
          if (event[field] === undefined) {
            context.addIssue({
              code: 'custom',
              path: [field],
              message: `${event.eventName} needs ${field}`,
              input: undefined,
            });
          }
        }
      }),
    ),
);
export type ControllingRequest = z.infer<typeof controllingRequestSchema>;

/** Answer of `GET {affiliate}/api/client-id`. */
export const clientIdAnswerSchema = /* @__PURE__ */ pure(() => z.object({ hash: clientIdSchema }));
