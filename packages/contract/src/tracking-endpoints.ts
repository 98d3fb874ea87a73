// The tracking calls in their own module, like the search call: a browser's tracker then loads
// these schemas only, not every call's.
import { defineEndpoint } from './endpoint.ts';
import { emptyBodySchema, okResponseSchema } from './primitives.ts';
import { clientIdAnswerSchema, controllingRequestSchema } from './tracking.ts';

/** Records a tracking event; failure reads "error creating controlling order" (§8). */
export const controllingEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/controlling/controlling',
  auth: 'none',
  body: controllingRequestSchema,
  response: okResponseSchema,
});

/** Issues a tracking client id; served by the affiliate origin. */
export const clientIdEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/client-id',
  auth: 'none',
  origin: 'affiliate',
  body: emptyBodySchema,
  response: clientIdAnswerSchema,
});
