import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';
import { localeSchema } from './primitives.ts';
import { pure } from './pure.ts';

/**
 * Calls the spec leaves open around sessions. A guest checks out without an account (design:
 * "logged in or guest account number"), yet `POST /api/customers/guest_account_number` and the
 * checkout need a bearer token: the guest session call issues one for a new guest customer.
 */

/** Body of `POST /api/account/guestSession`: the locale the guest shops in (selects the edition). */
export const guestSessionRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({ locale: localeSchema }),
);

/** Answer of `POST /api/account/guestSession`: a short-lived access token, no refresh token. */
export const guestSessionSchema = /* @__PURE__ */ pure(() =>
  z.object({
    access_token: z
      .string()
      .check(
        z.regex(/^[A-Za-z0-9._~+/=-]{1,8192}$/, 'Token must be non-empty and contain no spaces'),
      ),
    expires_in: z.int().check(z.positive('expires_in must be positive')),
    token_type: z.literal('Bearer'),
  }),
);

/** Starts a guest session: a new guest customer and an access token naming it. */
export const guestSessionEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/account/guestSession',
  auth: 'none',
  body: guestSessionRequestSchema,
  response: guestSessionSchema,
});

/** Session calls beyond §7; the lead merges them into `endpoints`. */
export const sessionEndpoints = {
  guestSession: guestSessionEndpoint,
};
