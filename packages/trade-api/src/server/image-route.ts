import { apiErrorCode, catalogueImageEndpoint, type CatalogueImageKind } from '@tradein/contract';
import type { PhotoStorage } from '../photos/photo-storage.ts';
import { renderCatalogueImage } from '../catalogue/catalogue-image.ts';
import type { Catalogue } from '../catalogue/catalogue-model.ts';
import { readCataloguePhoto, type CataloguePhoto } from '../catalogue/catalogue-photo.ts';
import { daySeconds } from '../time/day.ts';
import { HttpError } from './http-error.ts';
import type { Route } from './route.ts';

/**
 * The image of a catalogue entry: SVG text (a drawing), or a device's photo; null when there is
 * no such entry.
 */
export type RenderImage = (
  kind: CatalogueImageKind,
  id: number,
) => string | CataloguePhoto | null | Promise<string | CataloguePhoto | null>;

/** How long browsers and CDNs may keep an image: the catalogue changes rarely. */
const imageCacheControl = `public, max-age=${daySeconds}`;

/**
 * The images of a catalogue (or of the catalogue a node serves now): a device's photo when it has
 * one and the file is stored, else the drawing of the entry.
 */
export function catalogueImages(
  catalogue: Catalogue | (() => Catalogue),
  photos: PhotoStorage,
): RenderImage {
  const served = typeof catalogue === 'function' ? catalogue : () => catalogue;
  return async (kind, id) => {
    const current = served();
    return (
      (await readCataloguePhoto(current, photos, kind, id)) ??
      renderCatalogueImage(current, kind, id) ??
      null
    );
  };
}

/**
 * `GET /api/trade/images/:kind/:id.svg`: the image of a catalogue entry. The address stays the
 * same when an operator adds a photo; the content type says what the answer is. Images may be
 * shown on partner sites, so they are allowed cross-origin; their CSP lets nothing run.
 */
export function registerImageRoute(route: Route, renderImage: RenderImage): void {
  route(catalogueImageEndpoint, async ({ params, reply }) => {
    const image = await renderImage(params.kind, params.id);
    if (image === null) throw new HttpError(404, apiErrorCode.notFound, 'There is no such image');
    const [contentType, body] =
      typeof image === 'string'
        ? ['image/svg+xml; charset=utf-8', image]
        : [image.contentType, Buffer.from(image.bytes)];
    return reply
      .header('content-type', contentType)
      .header('cache-control', imageCacheControl)
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(body);
  });
}
