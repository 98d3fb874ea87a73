import * as z from 'zod/mini';

/** Shop modes chosen from the host name (§1). */
export const shopModes = ['default', 'b2bWidget', 'agan', 'aganwidget'] as const;

/** Validates a shop mode. */
export const shopModeSchema = z.enum(shopModes);

/** One of the four shop modes. */
export type ShopMode = z.infer<typeof shopModeSchema>;

/** Deployment environments a host can belong to. */
export const environments = ['production', 'test', 'stage', 'local'] as const;

/** Validates an environment name. */
export const environmentSchema = z.enum(environments);

/** One of the deployment environments. */
export type Environment = z.infer<typeof environmentSchema>;

/** Whether a shop mode turns on B2B mode (§4: only the B2B partner widget does). */
export function isB2BMode(shopMode: ShopMode): boolean {
  return shopMode === 'b2bWidget';
}
