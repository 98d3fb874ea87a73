import { randomUUID } from 'node:crypto';
import { isBlobKey, type BlobStore } from '../blobs/blob-store.ts';

/** The image types an inspection photo may have, by content type, with their file extension. */
const inspectionImageTypes = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;

/** One of the image types an inspection photo may have. */
export type InspectionImageType = keyof typeof inspectionImageTypes;

/** The image type of a file told by its first bytes, or undefined for anything else. */
function imageTypeOf(head: Uint8Array): InspectionImageType | undefined {
  const starts = (bytes: readonly number[], at = 0) =>
    bytes.every((byte, index) => head[at + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF…WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  return undefined;
}

/** The namespace of the inspection photos in the shared store. */
const inspectionPrefix = 'inspection-photos/';

/**
 * Stores the operator's photo of an inspected line in the shared store and answers its key
 * (`inspection-photos/t-2026-000123-1-<uuid>.jpg`), which the line's `photo_path` keeps; the
 * extension follows the image's type. Undefined when the bytes are no image of a known type.
 */
export async function storeInspectionPhoto(
  store: BlobStore,
  tradeNumber: string,
  item: number,
  bytes: Uint8Array,
): Promise<string | undefined> {
  const contentType = imageTypeOf(bytes);
  if (contentType === undefined) return undefined;
  const key = `${inspectionPrefix}${tradeNumber.toLowerCase()}-${item}-${randomUUID()}.${inspectionImageTypes[contentType]}`;
  await store.put(key, bytes, contentType);
  return key;
}

/**
 * The inspection photo a line's `photo_path` names, with its type told by its bytes; undefined
 * when the path is not one of an inspection photo, nothing is stored under it, or it is no image.
 */
export async function readInspectionPhoto(
  store: BlobStore,
  photoPath: string,
): Promise<{ bytes: Uint8Array; contentType: InspectionImageType } | undefined> {
  if (!photoPath.startsWith(inspectionPrefix) || !isBlobKey(photoPath)) return undefined;
  const stored = await store.get(photoPath);
  const contentType = stored === undefined ? undefined : imageTypeOf(stored.bytes);
  return stored === undefined || contentType === undefined
    ? undefined
    : { bytes: stored.bytes, contentType };
}
