import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { validationError } from './api-context.ts';
import { HttpError } from './http-error.ts';
import { apiErrorCode } from '@tradein/contract';

/** The kinds of catalogue entry that have a generated image. */
export const imageKinds = ['category', 'manufacturer', 'series', 'device'] as const;
export type ImageKind = (typeof imageKinds)[number];

/** Draws the SVG of a catalogue entry; null when there is no such entry. */
export type RenderImage = (kind: ImageKind, id: number) => string | null | Promise<string | null>;

const imageParamsSchema = z.object({
  kind: z.enum(imageKinds),
  id: z
    .string()
    .check(z.regex(/^[1-9][0-9]{0,9}$/, 'Id must be a positive whole number followed by .svg')),
});

/** How long browsers and CDNs may keep an image: the catalogue changes rarely. */
const imageCacheControl = 'public, max-age=86400';

/**
 * `GET /api/trade/images/:kind/:id.svg`: the generated SVG of a catalogue entry. Images may be
 * shown on partner sites, so they are allowed cross-origin; their CSP lets nothing run.
 */
export function registerImageRoute(api: FastifyInstance, renderImage: RenderImage): void {
  // The API context is mounted at /api, so this is /api/trade/images/:kind/:id.svg.
  api.get('/trade/images/:kind/:id.svg', async (request, reply) => {
    const parsed = imageParamsSchema.safeParse(request.params);
    if (!parsed.success) throw validationError(parsed.error.issues, ['params']);
    const svg = await renderImage(parsed.data.kind, Number(parsed.data.id));
    if (svg === null) throw new HttpError(404, apiErrorCode.notFound, 'There is no such image');
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', imageCacheControl)
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(svg);
  });
}
