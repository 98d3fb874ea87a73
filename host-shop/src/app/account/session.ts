import {
  $account,
  apiHttpStatus,
  logout,
  startAccount,
  type ApiClient,
} from '@tradein/client-core';
import { atom } from 'nanostores';

/**
 * Why the login form is shown again, for its notice: the customer logged out here, the session
 * ended without them (a failed token refresh, a logout in another tab, a revoked session), or
 * the customer deleted the account here.
 */
export type SessionNotice = 'loggedOut' | 'ended' | 'deleted';

/** The notice of the latest end of the session in this tab; null when there is none. */
export const $sessionNotice = atom<SessionNotice | null>(null);

let loggingOutHere = false;

/** Logs out from this page (§4): the account store clears at once, every tab and widget follows. */
export async function logOutHere(api: ApiClient): Promise<void> {
  loggingOutHere = true;
  try {
    await logout(api);
  } finally {
    loggingOutHere = false;
  }
  $sessionNotice.set('loggedOut');
}

/** Follows the account store: a session that ends without `logOutHere` leaves its notice. */
export function watchSessionEnd(): () => void {
  let wasLoggedIn = $account.get().isLoggedIn;
  return $account.subscribe((account) => {
    if (wasLoggedIn && !account.isLoggedIn && !loggingOutHere) $sessionNotice.set('ended');
    if (account.isLoggedIn) $sessionNotice.set(null);
    wasLoggedIn = account.isLoggedIn;
  });
}

/** Whether a failed call means the session is over (refresh refused, token revoked). */
export function endsSession(error: unknown): boolean {
  return apiHttpStatus(error) === 401 || (error instanceof Error && error.name === 'ApiAuthError');
}

/**
 * Ends the session after a call was refused for it (a revoked token): the account is cleared,
 * and the page shows the login form with the "session ended" notice.
 */
export async function endRefusedSession(api: ApiClient): Promise<void> {
  if (!$account.get().isLoggedIn) return;
  await logout(api);
  $sessionNotice.set('ended');
}

/** Where a logged-in customer is reported: the tracking layer a tag manager reads (§4). */
function reportToTrackingLayer({ customerId }: { customerId: string }): void {
  const layer = ((window as { dataLayer?: unknown[] }).dataLayer ??= []);
  layer.push({ event: 'login', customerId });
}

/**
 * What the shop does with the stored session when its scripts start (§4, the client core's
 * `startAccount`): a logged-in customer is reported to the tracking layer, a login without a
 * customer number is logged out, and the store follows other tabs until the returned stop.
 */
export function startSession(api: ApiClient): () => void {
  return startAccount({ report: reportToTrackingLayer, client: api });
}
