import * as z from 'zod/mini';
import { editionCodeSchema } from '@tradein/editions/client';
import { salutationSchema } from './customer.ts';
import { defineEndpoint } from './endpoint.ts';
import {
  emailSchema,
  emptyBodySchema,
  okResponseSchema,
  personNameSchema,
  storedNameSchema,
} from './primitives.ts';
import { pure } from './pure.ts';

/**
 * The `{emailHash}` of the newsletter links (§2): 64 lower-case hex digits. The server makes it
 * as a keyed hash (HMAC) of edition and e-mail, so nobody can compute it from an address alone.
 */
const newsletterEmailHashSchema = /* @__PURE__ */ pure(() =>
  z.string().check(z.regex(/^[0-9a-f]{64}$/, 'Email hash must be 64 lower-case hex digits')),
);

/** The single-use confirmation token of the opt-in mail (the `token` query of its link). */
const newsletterConfirmTokenSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(z.regex(/^[A-Za-z0-9_-]{20,128}$/, 'Token must be 20–128 letters, digits, "-" or "_"')),
);

/** Where on the site a subscription was started (`footer`, `checkout`, …), for statistics. */
const newsletterSourceSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(
      z.regex(/^[a-z0-9_-]{1,50}$/, 'Source must be 1–50 lower-case letters, digits, "-" or "_"'),
    ),
);

/** Topics a subscriber may choose on the enrich page. */
export const newsletterInterestSchema = /* @__PURE__ */ pure(() =>
  z.enum(['offers', 'news', 'sustainability', 'tips']),
);

/** Status of a subscription: waiting for the opt-in click, receiving mail, or ended. */
const newsletterStatusSchema = /* @__PURE__ */ pure(() =>
  z.enum(['pending', 'active', 'unsubscribed']),
);

/** Body of the subscribe call: an opt-in mail goes to `email` in the edition's language. */
export const newsletterSubscribeRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({
    email: emailSchema,
    edition: editionCodeSchema,
    source: z.optional(newsletterSourceSchema),
  }),
);

/** Body of the confirm call: the hash and token of the opt-in link. */
const newsletterConfirmRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({
    emailHash: newsletterEmailHashSchema,
    token: newsletterConfirmTokenSchema,
  }),
);

/** Body of the enrich call: the details a subscriber adds; at least one must be given. */
export const newsletterEnrichRequestSchema = /* @__PURE__ */ pure(() =>
  z
    .object({
      emailHash: newsletterEmailHashSchema,
      firstName: z.optional(personNameSchema),
      salutation: z.optional(salutationSchema),
      interests: z.optional(
        z.array(newsletterInterestSchema).check(
          z.maxLength(newsletterInterestSchema.options.length, 'Too many interests'),
          z.refine(
            (interests) => new Set(interests).size === interests.length,
            'Interests must not repeat',
          ),
        ),
      ),
    })
    .check(
      z.refine(
        (body) =>
          body.firstName !== undefined ||
          body.salutation !== undefined ||
          body.interests !== undefined,
        'Give at least one of firstName, salutation or interests',
      ),
    ),
);
export type NewsletterEnrichRequest = z.infer<typeof newsletterEnrichRequestSchema>;

/** Body of the unsubscribe call. */
const newsletterUnsubscribeRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({
    emailHash: newsletterEmailHashSchema,
  }),
);

/** Query of the subscription lookup. */
export const newsletterSubscriptionQuerySchema = /* @__PURE__ */ pure(() =>
  z.object({ emailHash: newsletterEmailHashSchema }),
);

/** A subscription as its link holder sees it (never the e-mail address itself). */
export const newsletterSubscriptionSchema = /* @__PURE__ */ pure(() =>
  z.object({
    edition: editionCodeSchema,
    status: newsletterStatusSchema,
    firstName: z.nullable(storedNameSchema),
    salutation: z.nullable(salutationSchema),
    interests: z.array(newsletterInterestSchema),
  }),
);
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;

/** Starts a subscription and sends the opt-in mail; answers the same for every address. */
export const newsletterSubscribeEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/newsletter/subscribe',
  auth: 'none',
  body: newsletterSubscribeRequestSchema,
  response: okResponseSchema,
});

/** Confirms the opt-in with the mailed single-use token; the subscription becomes active. */
export const newsletterConfirmEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/newsletter/confirm',
  auth: 'none',
  body: newsletterConfirmRequestSchema,
  response: newsletterSubscriptionSchema,
});

/** Reads the subscription of a newsletter link (for the enrich and unsubscribe pages). */
export const newsletterSubscriptionEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/newsletter/subscription',
  auth: 'none',
  body: emptyBodySchema,
  response: newsletterSubscriptionSchema,
  query: newsletterSubscriptionQuerySchema,
});

/** Adds first name, salutation and interests to an active subscription. */
export const newsletterEnrichEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/newsletter/enrich',
  auth: 'none',
  body: newsletterEnrichRequestSchema,
  response: newsletterSubscriptionSchema,
});

/** Ends a subscription (pending or active); repeating it answers the same. */
export const newsletterUnsubscribeEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/newsletter/unsubscribe',
  auth: 'none',
  body: newsletterUnsubscribeRequestSchema,
  response: okResponseSchema,
});

/**
 * The newsletter calls behind the shop's `/newsletter/*` pages (§2; §7 does not show them).
 * Double opt-in: subscribe mails a link `/newsletter/enrich/{emailHash}?token=…`; that page
 * calls `confirm`, then offers `enrich`; `/newsletter/unsubscribe/{emailHash}` calls
 * `unsubscribe` and shows `/newsletter/unsubscribe/success`.
 */
export const newsletterEndpoints = {
  newsletterSubscribe: newsletterSubscribeEndpoint,
  newsletterConfirm: newsletterConfirmEndpoint,
  newsletterSubscription: newsletterSubscriptionEndpoint,
  newsletterEnrich: newsletterEnrichEndpoint,
  newsletterUnsubscribe: newsletterUnsubscribeEndpoint,
};
