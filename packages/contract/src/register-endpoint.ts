// Registration in its own module: its body carries the payout schemas (IBAN, BIC), which the
// browser's other account calls (login, refresh, guest session) must not load with them.
import { registerRequestSchema } from './registration.ts';
import { defineEndpoint } from './endpoint.ts';
import { okResponseSchema } from './primitives.ts';

/** Registers a customer; an activation mail follows. */
export const registerEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/account/register',
  auth: 'none',
  body: registerRequestSchema,
  response: okResponseSchema,
});
