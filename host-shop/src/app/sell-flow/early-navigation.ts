import { z } from 'zod';
import type { KeptNavigation } from './flow-step.ts';

/**
 * Where the page keeps the last step the widget announced (`tradein:navigate`) before the shop's
 * scripts ran, to be taken over by the sell-flow layout once: the widget works from the first
 * paint, the shop hydrates only after the page has loaded (deferred-scripts.server.ts). Set to
 * `null` once the layout listens itself.
 */
export const earlyNavigationKey = '__tradeinEarlyNavigation';

const earlyNavigationSchema = z.object({
  // A path of this site: not `//host` or `/\\host`, which browsers take for another site.
  path: z.string().regex(/^\/(?![/\\])/),
  step: z.looseObject({ screen: z.string().min(1) }),
});

/**
 * The step the widget announced before the shop listened, if any (checked: it was read from the
 * window); from then on the page listens itself and nothing more is kept.
 */
export function takeEarlyNavigation(target: Record<string, unknown>): KeptNavigation | undefined {
  const kept = target[earlyNavigationKey];
  target[earlyNavigationKey] = null;
  const parsed = earlyNavigationSchema.safeParse(kept);
  return parsed.success ? parsed.data : undefined;
}
