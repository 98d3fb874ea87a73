import { apiErrorCode, catalogueImageEndpoint, type CatalogueImageKind } from '@tradein/contract';
import { daySeconds } from '../time/day.ts';
import { HttpError } from './http-error.ts';
import type { Route } from './route.ts';

/** Draws the SVG of a catalogue entry; null when there is no such entry. */
export type RenderImage = (
  kind: CatalogueImageKind,
  id: number,
) => string | null | Promise<string | null>;

/** How long browsers and CDNs may keep an image: the catalogue changes rarely. */
const imageCacheControl = `public, max-age=${daySeconds}`;

/**
 * `GET /api/trade/images/:kind/:id.svg`: the generated SVG of a catalogue entry. Images may be
 * shown on partner sites, so they are allowed cross-origin; their CSP lets nothing run.
 */
export function registerImageRoute(route: Route, renderImage: RenderImage): void {
  route(catalogueImageEndpoint, async ({ params, reply }) => {
    const svg = await renderImage(params.kind, params.id);
    if (svg === null) throw new HttpError(404, apiErrorCode.notFound, 'There is no such image');
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', imageCacheControl)
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(svg);
  });
}
