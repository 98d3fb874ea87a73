import type { ApiClient } from '@tradein/client-core';
import { useCallback, useEffect, useState } from 'react';
import { accountApi } from './account-api.ts';
import { endRefusedSession, endsSession } from './session.ts';

/** Where a call of an account page stands. */
export type AccountCall<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | { readonly status: 'done'; readonly data: T };

/**
 * Loads what an account page shows with the logged-in customer's token, again on `reload()`
 * (after a change) or when `key` changes. A call refused for the session (revoked, refresh
 * failed) ends it, so the page turns into the login form with its notice; any other failure
 * leaves `failed` for the page to offer a retry.
 */
export function useAccountCall<T>(
  key: string,
  load: (api: ApiClient, signal: AbortSignal) => Promise<T>,
): AccountCall<T> & { reload(): void } {
  const [state, setState] = useState<AccountCall<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    const api = accountApi();
    load(api, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'done', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (endsSession(error)) void endRefusedSession(api);
        else setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
    // `load` is a new function on every render; `key` and `round` say when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, reload };
}
