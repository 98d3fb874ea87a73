import sharp from 'sharp';

/** The image formats a seller may upload, as sharp names them. */
const acceptedFormats = ['jpeg', 'png', 'webp'] as const;
type AcceptedFormat = (typeof acceptedFormats)[number];

/**
 * More pixels than a phone camera takes (200 megapixels) are refused before decoding, so a small
 * file that unpacks into a huge image cannot tie up memory.
 */
export const maxPhotoPixels = 200_000_000;

/** Longest side of a stored photo: enough to judge a scratch, small enough to keep many. */
const maxStoredSide = 4096;

/** How a refused photo is wrong: not an image we take, or too many pixels. */
export type PhotoRefusal = 'type' | 'pixels';

/** An upload that is not a photo the seller may add. */
export class PhotoRefusedError extends Error {
  readonly refusal: PhotoRefusal;
  constructor(refusal: PhotoRefusal, message: string) {
    super(message);
    this.name = 'PhotoRefusedError';
    this.refusal = refusal;
  }
}

/** A photo ready to store: JPEG bytes without any metadata, upright. */
export interface PreparedPhoto {
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** The format the first bytes announce (JPEG, PNG or WebP), or null for anything else. */
export function formatByMagicBytes(bytes: Uint8Array): AcceptedFormat | null {
  const startsWith = (signature: readonly number[], offset = 0) =>
    bytes.length >= offset + signature.length &&
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (startsWith([0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF <size> WEBP
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) {
    return 'webp';
  }
  return null;
}

const notAPhoto = 'Only JPEG, PNG or WebP photos';

/**
 * Checks an upload by its content and makes the photo to store: the bytes must start like a
 * JPEG, PNG or WebP file and decode as the same format; the photo is turned upright by its EXIF
 * orientation, flattened onto white, scaled down to {@link maxStoredSide} at most and encoded as
 * JPEG. sharp writes no metadata unless asked, so EXIF (GPS position, camera, time), XMP, IPTC
 * and ICC profiles are all gone from the result. Throws {@link PhotoRefusedError} for anything
 * that is not such a photo, never a decoder's own error.
 */
export async function preparePhoto(upload: Uint8Array): Promise<PreparedPhoto> {
  const announced = formatByMagicBytes(upload);
  if (announced === null) throw new PhotoRefusedError('type', notAPhoto);
  // The header alone is read without a pixel limit, so too many pixels get their own answer.
  const metadata = await sharp(upload, { failOn: 'error', limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new PhotoRefusedError('type', `${notAPhoto}: this file could not be read as one`);
    });
  if (metadata.format !== announced) throw new PhotoRefusedError('type', notAPhoto);
  if (metadata.width * metadata.height > maxPhotoPixels) {
    throw new PhotoRefusedError(
      'pixels',
      `The photo has more than ${maxPhotoPixels / 1_000_000} megapixels`,
    );
  }
  try {
    const { data, info } = await sharp(upload, {
      failOn: 'error',
      limitInputPixels: maxPhotoPixels,
    })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .resize({
        width: maxStoredSide,
        height: maxStoredSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data), width: info.width, height: info.height };
  } catch {
    // The header was fine but the image data is broken (a truncated or damaged file).
    throw new PhotoRefusedError('type', `${notAPhoto}: this file could not be read as one`);
  }
}
