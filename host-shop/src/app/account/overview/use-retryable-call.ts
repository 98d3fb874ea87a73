import type { ApiClient } from '@tradein/client-core';
import { useCallback, useState } from 'react';
import { useAccountCall, type AccountCall } from '../use-account-call.ts';

/** A call of the overview: `reload()` refreshes in place, `retry()` shows the loading state. */
export type RetryableCall<T> = AccountCall<T> & { reload(): void; retry(): void };

/**
 * `useAccountCall` with a "try again" that is seen: `reload()` keeps what is shown until the
 * new answer arrives (right after a change), while `retry()` after a failure shows the loading
 * placeholder again until the call settles, so the seller sees that something happens.
 */
export function useRetryableCall<T>(
  key: string,
  load: (api: ApiClient, signal: AbortSignal) => Promise<T>,
): RetryableCall<T> {
  const [retrying, setRetrying] = useState(false);
  const call = useAccountCall(key, (api, signal) =>
    load(api, signal).finally(() => {
      if (!signal.aborted) setRetrying(false);
    }),
  );
  const { reload } = call;
  const retry = useCallback(() => {
    setRetrying(true);
    reload();
  }, [reload]);
  const state: AccountCall<T> = retrying ? { status: 'loading' } : call;
  return { ...state, reload, retry };
}
