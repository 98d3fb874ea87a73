import * as z from 'zod/mini';
import { emailSchema, isoDateTimeSchema } from './primitives.ts';
import { pure } from './pure.ts';

/**
 * The kinds of device whose preparation before packing differs, named by the catalogue's
 * category keys; `other` for a category without its own advice.
 */
export const deviceKinds = [
  'smartphones',
  'tablets',
  'laptops',
  'smartwatches',
  'cameras',
  'consoles',
  'headphones',
  'e-readers',
  'other',
] as const;

/** One kind of device (`deviceKinds`). */
export const deviceKindSchema = /* @__PURE__ */ pure(() => z.enum(deviceKinds));
export type DeviceKind = z.infer<typeof deviceKindSchema>;

/** How the money is paid: PayPal, or a SEPA transfer to the IBAN ending in `ibanLast4`. */
export const payoutMethodSchema = /* @__PURE__ */ pure(() =>
  z.discriminatedUnion('method', [
    z.object({ method: z.literal('paypal') }),
    z.object({
      method: z.literal('sepa'),
      ibanLast4: z.string().check(z.regex(/^[0-9A-Z]{4}$/, 'Four last IBAN characters')),
    }),
  ]),
);
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;

/**
 * What a seller needs after the sale (docs/trades.md, "After the sale"): the day the parcel must
 * be sent by (the label's and offers' validity end), what to do before packing per kind of
 * device, how and when the money comes, the status page (no login) and how to reach us.
 */
export const tradeAfterSaleSchema = /* @__PURE__ */ pure(() =>
  z.object({
    /** The end of the label's validity: the parcel must be on its way by then. */
    shipBy: isoDateTimeSchema,
    /**
     * What to do before packing, per kind of device of the trade (each kind once, in the order
     * of the lines), in the edition's language: the kind's name and its steps.
     */
    preparation: z.array(
      z.object({ kind: deviceKindSchema, heading: z.string(), steps: z.array(z.string()) }),
    ),
    payout: payoutMethodSchema,
    /** The money arrives within this many business days after the trade is accepted. */
    payoutBusinessDays: z.int().check(z.positive()),
    /** The trade's status page in the shop of its edition and mode (signed link, no login). */
    statusUrl: z.url(),
    contact: z.object({ pageUrl: z.url(), email: emailSchema }),
  }),
);
export type TradeAfterSale = z.infer<typeof tradeAfterSaleSchema>;
