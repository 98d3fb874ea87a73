import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';
import { emptyBodySchema } from './primitives.ts';
import { pure } from './pure.ts';

/** Which catalogue and price list an API node serves: the newest change it has loaded. */
const catalogueRevisionSchema = /* @__PURE__ */ pure(() =>
  z.object({
    /** Grows with every change of catalogue or prices; 0 before the first seed. */
    revision: z.int().check(z.nonnegative()),
  }),
);

/**
 * The revision the answering node serves (public, never cached). The shop's servers keep the
 * category tree and the sitemap per revision and ask again when it grows.
 */
export const catalogueRevisionEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/trade/catalogue/revision',
  auth: 'none',
  body: emptyBodySchema,
  response: catalogueRevisionSchema,
});

/** The revision call. */
export const catalogueRevisionEndpoints = {
  catalogueRevision: catalogueRevisionEndpoint,
};
