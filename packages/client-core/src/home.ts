import * as z from 'zod/mini';
import { atom } from 'nanostores';
import { homeStateSchema } from '@tradein/contract';
import type { HomeState } from '@tradein/contract';

/** The home state of §3 (search authorization in development, language, shop mode); null before start. */
export const $home = /* @__PURE__ */ atom<HomeState | null>(null);

/**
 * Starts the home state from what the host resolved (edition language, shop mode from the host
 * name, §1). Throws with the invalid fields named, changing nothing, on bad input.
 */
export function initHome(state: HomeState): HomeState {
  const parsed = homeStateSchema.safeParse(state);
  if (!parsed.success) {
    throw new Error(`initHome: invalid home state: ${z.prettifyError(parsed.error)}`);
  }
  $home.set(parsed.data);
  return parsed.data;
}

/** The home state, throwing a clear error when read before {@link initHome}. */
export function getHome(): HomeState {
  const state = $home.get();
  if (state === null) throw new Error('getHome: the home state is read before initHome()');
  return state;
}
