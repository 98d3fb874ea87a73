import type { CatalogueDevice } from './catalogue-model.ts';

const storagePattern = /(\d+(?:[.,]\d+)?)\s*(GB|TB)\b/i;

/**
 * The storage a variant label names, in GB (`1 TB` = 1024), or `Infinity` when it names none, so
 * that variants sort by size rather than as text ("128 GB" before "1 TB").
 */
export function variantStorageGigabytes(variant: string): number {
  const match = storagePattern.exec(variant);
  if (match === null) return Number.POSITIVE_INFINITY;
  const amount = Number((match[1] as string).replace(',', '.'));
  return (match[2] as string).toUpperCase() === 'TB' ? amount * 1024 : amount;
}

/**
 * Orders two variants of one model: by storage, then as the catalogue lists them (device id,
 * which follows the variant spec's order: connectivity, case size…).
 */
export function compareVariants(
  left: Pick<CatalogueDevice, 'variant' | 'id'>,
  right: Pick<CatalogueDevice, 'variant' | 'id'>,
): number {
  const leftSize = variantStorageGigabytes(left.variant);
  const rightSize = variantStorageGigabytes(right.variant);
  if (leftSize !== rightSize) return leftSize < rightSize ? -1 : 1;
  return left.id - right.id;
}
