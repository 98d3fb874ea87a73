import type { VariantInput } from './assemble-catalogue.ts';

/** How much one step along a variant dimension adds to the price (e.g. 128 → 256 GB). */
const stepFactors = { storage: 1.12, size: 1.06, connectivity: 1.12, other: 1.15 } as const;
type Dimension = keyof typeof stepFactors;

const connectivityLabels: Record<string, string> = {
  wifi: 'Wi-Fi',
  cell: 'Wi-Fi + Cellular',
  lte: 'LTE',
  '5g': '5G',
  gps: 'GPS',
  gpscell: 'GPS + Cellular',
  bt: 'Bluetooth',
};

function labelOf(token: string): { label: string; dimension: Dimension } {
  if (/^\d+$/.test(token)) return { label: `${token} GB`, dimension: 'storage' };
  if (/^\d+T$/.test(token)) return { label: `${token.slice(0, -1)} TB`, dimension: 'storage' };
  if (/^\d+(?:\.\d+)?mm$/.test(token))
    return { label: `${token.slice(0, -2)} mm`, dimension: 'size' };
  const connectivity = connectivityLabels[token];
  if (connectivity !== undefined) return { label: connectivity, dimension: 'connectivity' };
  return { label: token.replace(/_/g, ' '), dimension: 'other' };
}

/**
 * Expands a compact variant spec into variants. Dimensions are separated by spaces, options by
 * `|`: `'64|256 wifi|cell'` gives "64 GB Wi-Fi", "64 GB Wi-Fi + Cellular", "256 GB Wi-Fi", …
 * Digits mean GB, `1T` TB, `41mm` a case size; `_` stands for a space in free labels. Each
 * option after the first of a dimension raises the price by that dimension's step.
 */
export function parseVariantSpec(spec: string): VariantInput[] {
  const dimensions = spec.trim() === '' ? [] : spec.trim().split(/\s+/);
  let variants: VariantInput[] = [{ label: '', priceFactor: 1 }];
  for (const dimension of dimensions) {
    const options = dimension.split('|').map(labelOf);
    variants = variants.flatMap((variant) =>
      options.map((option, index) => ({
        label: variant.label === '' ? option.label : `${variant.label} ${option.label}`,
        priceFactor: variant.priceFactor * stepFactors[option.dimension] ** index,
      })),
    );
  }
  return variants;
}
