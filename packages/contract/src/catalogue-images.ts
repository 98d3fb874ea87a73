import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';
import { emptyBodySchema } from './primitives.ts';
import { pure } from './pure.ts';

/** The kinds of catalogue entry that have a generated image. */
export const catalogueImageKinds = ['category', 'manufacturer', 'series', 'device'] as const;
export type CatalogueImageKind = (typeof catalogueImageKinds)[number];

/** The route parameters of an image: the entry's kind and catalogue id (`…/device/1001.svg`). */
const catalogueImageParamsSchema = /* @__PURE__ */ pure(() =>
  z.object({
    kind: z.enum(catalogueImageKinds),
    id: z.pipe(
      z
        .string()
        .check(z.regex(/^[1-9][0-9]{0,9}$/, 'Id must be a positive whole number followed by .svg')),
      z.transform(Number),
    ),
  }),
);

/** An image is SVG text, not JSON: pages load it by its address. */
const svgSchema = /* @__PURE__ */ pure(() => z.custom<string>(() => true));

/**
 * The generated SVG of a catalogue entry (public; partner pages may show it). The catalogue's
 * `image` and `thumbnail` addresses point here.
 */
export const catalogueImageEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/trade/images/:kind/:id.svg',
  auth: 'none',
  params: catalogueImageParamsSchema,
  body: emptyBodySchema,
  response: svgSchema,
});

/** The image call; `:kind` and `:id` are path parameters. */
export const catalogueImageEndpoints = {
  catalogueImage: catalogueImageEndpoint,
};
