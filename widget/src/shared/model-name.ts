import type { DeviceSummary } from '@tradein/contract';

/**
 * The display name of a device's model: its name without the variant it ends in ("Apple iPhone
 * 13" for "Apple iPhone 13 128 GB"), the whole name when it does not end in it. Search and
 * browse label a model's variant choice with it.
 */
export function modelNameOf(device: Pick<DeviceSummary, 'name' | 'variant'>): string {
  const { name, variant } = device;
  if (variant === '' || name === variant || !name.endsWith(` ${variant}`)) return name;
  return name.slice(0, -variant.length).trimEnd();
}
