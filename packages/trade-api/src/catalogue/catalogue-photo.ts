import type { CatalogueImageKind } from '@tradein/contract';
import type { BlobStore } from '../blobs/blob-store.ts';
import { storeNamespace, type PhotoStorage } from '../photos/photo-storage.ts';
import type { Catalogue } from './catalogue-model.ts';
import { getCatalogueIndex } from './catalogue-view.ts';

/** A device photo as the image route sends it. */
export interface CataloguePhoto {
  contentType: string;
  bytes: Uint8Array;
}

/** The photo formats browsers show in an `<img>`, by file extension. */
const photoContentTypes: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/**
 * A photo key: `/`-separated segments of lower-case letters, digits, `-` and `_`, the last with
 * one of the photo extensions (`apple/iphone-13-pro.jpg`). No segment can be `.` or `..`.
 */
const photoKeyPattern = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_-]*\.([a-z]+)$/;

/** The content type of a photo key, or undefined when the key is not one of a photo. */
export function photoContentType(key: string): string | undefined {
  const extension = photoKeyPattern.exec(key)?.[1];
  return extension === undefined || key.length > 256 ? undefined : photoContentTypes[extension];
}

/**
 * The catalogue's device photos: the `catalogue-photos/` namespace of the shared store, read
 * per request, so every node serves a photo as soon as it is stored, whichever node or operator
 * stored it.
 */
export function cataloguePhotoStorage(store: BlobStore): PhotoStorage {
  return storeNamespace(store, 'catalogue-photos');
}

/**
 * The photo of a catalogue entry, or undefined when the image route draws it instead: entries
 * other than devices, a device without photo, a key that is not a photo file's, or a file that
 * is not in the storage (an import that set the key before copying the file shows the drawing
 * until the file is there).
 */
export async function readCataloguePhoto(
  catalogue: Catalogue,
  photos: PhotoStorage,
  kind: CatalogueImageKind,
  id: number,
): Promise<CataloguePhoto | undefined> {
  if (kind !== 'device') return undefined;
  const key = getCatalogueIndex(catalogue).devicesById.get(id)?.photo;
  const contentType = key === undefined ? undefined : photoContentType(key);
  if (key === undefined || contentType === undefined) return undefined;
  const bytes = await photos.get(key);
  return bytes === null ? undefined : { contentType, bytes };
}
