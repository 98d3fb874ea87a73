import { maxInspectionPhotoBytes } from '@tradein/contract';

/*
 * Bench photos prepared in the browser before they are posted (with JavaScript only): a camera's
 * photo is several megabytes, more than a page's form may carry, so an image larger than
 * `shrinkAboveBytes` is drawn smaller and sent as JPEG. The API checks every photo by its
 * content and re-encodes it anyway; without JavaScript the files go as they are.
 */

/** Photos up to this size go as they are. */
const shrinkAboveBytes = 600 * 1024;

/** The longest side of a shrunk photo, in pixels: enough to show a scratch. */
const longestSide = 1600;

/** A photo file refused before sending, and why. */
export interface LocalRefusal {
  name: string;
  reason: 'type' | 'size';
}

/** The image drawn at most `longestSide` wide or high, as JPEG; undefined when it is no image. */
async function shrunk(file: File): Promise<File | undefined> {
  const bitmap = await createImageBitmap(file).catch(() => undefined);
  if (bitmap === undefined) return undefined;
  const scale = Math.min(1, longestSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', 0.85),
  );
  if (blob === null) return undefined;
  return new File([blob], file.name.replace(/\.[^.]*$/, '') + '.jpg', { type: 'image/jpeg' });
}

/** The files to post (large photos shrunk) and those refused here, said beside the field. */
export async function preparedBenchPhotos(
  files: readonly File[],
): Promise<{ files: File[]; refused: LocalRefusal[] }> {
  const prepared: File[] = [];
  const refused: LocalRefusal[] = [];
  for (const file of files) {
    if (file.size > maxInspectionPhotoBytes) {
      refused.push({ name: file.name, reason: 'size' });
    } else if (file.size <= shrinkAboveBytes) {
      prepared.push(file);
    } else {
      const smaller = await shrunk(file);
      if (smaller === undefined) refused.push({ name: file.name, reason: 'type' });
      else prepared.push(smaller);
    }
  }
  return { files: prepared, refused };
}
