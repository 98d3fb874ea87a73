import { shopModeSchema } from '@tradein/editions/client';
import * as z from 'zod/mini';
import { categorySchema } from './catalogue.ts';
import { customerSchema } from './customer.ts';
import { offerAnswerSchema } from './offers.ts';
import {
  customerIdSchema,
  customerNumberSchema,
  emailSchema,
  epochMillisecondsSchema,
  idSchema,
  languageSchema,
  offerIdSchema,
  voucherCodeSchema,
} from './primitives.ts';
import { pure } from './pure.ts';

/*
 * The states of §3 that the client keeps in browser storage. Storage is outside our control
 * (other tabs, old versions, hand edits), so whatever is read back is parsed with these schemas
 * and dropped when it does not fit.
 */

/** One answer of a cart line as the seller saw it: the question's and the answer's text. */
export const cartConditionSchema = /* @__PURE__ */ pure(() =>
  z.object({
    question: z.string().check(z.minLength(1), z.maxLength(500)),
    answer: z.string().check(z.minLength(1), z.maxLength(500)),
  }),
);
export type CartCondition = z.infer<typeof cartConditionSchema>;

/**
 * One cart line. `price` is in cents and may carry sub-cent fractions (offer factors multiply
 * prices); the line amount price × quantity is truncated to whole cents when totalled (§3).
 *
 * The device's url and variant, the answers (ids, to ask the questions again with them) and
 * their texts (to show them without a call) are optional: carts stored before they existed
 * still parse, and such a line is shown by its name alone.
 */
export const cartLineSchema = /* @__PURE__ */ pure(() =>
  z.object({
    deviceId: idSchema,
    offerId: offerIdSchema,
    name: z.string().check(z.minLength(1, 'Name must not be empty'), z.maxLength(200)),
    // zod 4 numbers are finite: Infinity and NaN are rejected without a further check.
    price: z.number().check(z.nonnegative('Price must not be negative')),
    quantity: z.int().check(z.minimum(1, 'Quantity must be at least 1')),
    /** The device's url or id in the catalogue, as the sell flow opens its questions. */
    deviceUrl: z.optional(z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/))),
    /** The device's variant, e.g. `256 GB`; empty when its model has only one. */
    variant: z.optional(z.string().check(z.maxLength(200))),
    answers: z.optional(z.array(offerAnswerSchema).check(z.maxLength(50))),
    conditions: z.optional(z.array(cartConditionSchema).check(z.maxLength(50))),
  }),
);
export type CartLine = z.infer<typeof cartLineSchema>;

/**
 * The cookie in which the client mirrors the number of devices in the cart, so that the shop's
 * server renders the header's cart link with its count on the first paint. It expires with the
 * cart and is absent for an empty one.
 */
export const cartCountCookieName = 'tradein_cart_count';

/** The cart count cookie's value as read back: a whole number of devices, 1 to 99999. */
export const cartCountCookieSchema = /* @__PURE__ */ pure(() =>
  z.pipe(
    z.string().check(z.regex(/^[1-9][0-9]{0,4}$/)),
    z.transform((value) => Number(value)),
  ),
);

/** The checkout state of §3. `transactionId` is 0 when there is none. */
export const checkoutStateSchema = /* @__PURE__ */ pure(() =>
  z.object({
    cart: z.array(cartLineSchema),
    cartExpiry: epochMillisecondsSchema,
    offerIds: z.array(offerIdSchema),
    transactionId: z.int().check(z.nonnegative('Transaction id must not be negative')),
    voucher: z.nullable(voucherCodeSchema),
    B2BMode: z.boolean(),
    priceCalculateDone: z.boolean(),
    paymentType: z.int().check(z.nonnegative('Payment type must not be negative')),
    isPayPalTransaction: z.boolean(),
  }),
);
export type CheckoutState = z.infer<typeof checkoutStateSchema>;

/**
 * The account state of §3. There is deliberately no password: the shop never stores one.
 * `remember` keeps the refresh token across browser sessions instead; an old stored state that
 * still has a password loses it when parsed, because unknown keys are dropped.
 * `tokenExpiry` is epoch milliseconds, 0 when logged out.
 *
 * `isGuest` marks a guest session (a guest checks out without an account): a short-lived access
 * token without a refresh token, never remembered, and `isLoggedIn` stays false because nobody
 * logged in. Optional, so states stored before it existed still parse (absent = not a guest).
 */
export const accountStateSchema = /* @__PURE__ */ pure(() =>
  z
    .object({
      isLoggedIn: z.boolean(),
      email: z.nullable(emailSchema),
      accessToken: z.nullable(z.string().check(z.minLength(1))),
      refreshToken: z.nullable(z.string().check(z.minLength(1))),
      customerId: z.nullable(customerIdSchema),
      customerNumber: z.nullable(customerNumberSchema),
      customerData: z.nullable(customerSchema),
      tokenExpiry: epochMillisecondsSchema,
      remember: z.boolean(),
      isGuest: z.optional(z.boolean()),
    })
    .check(
      z.refine(
        (state) => !state.isLoggedIn || (state.accessToken !== null && state.refreshToken !== null),
        {
          error: 'A logged-in state needs both tokens',
          path: ['accessToken'],
        },
      ),
      z.refine((state) => state.isGuest !== true || !state.isLoggedIn, {
        error: 'A guest session is not a login',
        path: ['isGuest'],
      }),
      z.refine(
        (state) =>
          state.isGuest !== true || (state.accessToken !== null && state.refreshToken === null),
        {
          error: 'A guest session has an access token and no refresh token',
          path: ['refreshToken'],
        },
      ),
      z.refine((state) => state.isGuest !== true || !state.remember, {
        error: 'A guest session is never remembered',
        path: ['remember'],
      }),
    ),
);
export type AccountState = z.infer<typeof accountStateSchema>;

/**
 * The home state of §3. `tradeInAuth` is the basic authorization the search call adds in the
 * development environment (§7); `null` everywhere else.
 */
export const homeStateSchema = /* @__PURE__ */ pure(() =>
  z.object({
    tradeInAuth: z.nullable(z.string().check(z.maxLength(1024))),
    lang: languageSchema,
    shopMode: shopModeSchema,
  }),
);
export type HomeState = z.infer<typeof homeStateSchema>;

/** The category state of §3: categories keyed by their lower-case name. */
export const categoryStateSchema = /* @__PURE__ */ pure(() =>
  z.record(z.string(), categorySchema).check(
    z.superRefine((categories, context) => {
      for (const [key, category] of Object.entries(categories)) {
        if (key !== category.name.toLowerCase()) {
          context.addIssue({
            code: 'custom',
            path: [key],
            message: `Key "${key}" must be the lower-case category name "${category.name.toLowerCase()}"`,
            input: key,
          });
        }
      }
    }),
  ),
);
export type CategoryState = z.infer<typeof categoryStateSchema>;
