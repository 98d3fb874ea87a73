import {
  editionCodeSchema,
  shopModeSchema,
  type EditionCode,
  type ShopMode,
} from '@tradein/editions/client';
import type { ShopOriginTable } from '@tradein/editions';
import * as z from 'zod/mini';
import { originSchema } from './origin-schema.ts';

/**
 * `SHOP_ORIGINS`: JSON naming the origin of some editions' shops by mode, for hosts the host
 * rules do not derive (`{"fr":{"default":"https://www.tradein.fr"},"de":{"b2bWidget":"…"}}`).
 */
export const shopOriginOverridesSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.issues.push({
          code: 'custom',
          message: 'must be JSON like {"fr":{"default":"https://www.tradein.fr"}}',
          input: text,
        });
        return z.NEVER;
      }
    }),
  ),
  z.partialRecord(editionCodeSchema, z.partialRecord(shopModeSchema, originSchema)),
);

/** The overrides of `SHOP_ORIGINS`, by edition and mode. */
export type ShopOriginOverrides = Partial<Record<EditionCode, Partial<Record<ShopMode, string>>>>;

/** The derived origins with the configured ones put in their places. */
export function withShopOriginOverrides(
  derived: ShopOriginTable,
  overrides: ShopOriginOverrides | undefined,
): ShopOriginTable {
  if (overrides === undefined) return derived;
  const table = { ...derived };
  for (const [edition, origins] of Object.entries(overrides) as [
    EditionCode,
    Partial<Record<ShopMode, string>>,
  ][]) {
    table[edition] = Object.freeze({ ...derived[edition], ...origins });
  }
  return Object.freeze(table);
}
