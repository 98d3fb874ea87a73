import type { ReactNode } from 'react';
import { LoadingBlock } from './account-gate.tsx';
import { LoadFailure } from './load-failure.tsx';
import type { AccountCall } from './use-account-call.ts';

/**
 * What an account page shows of a call: a placeholder while it loads, the failure with a
 * "try again" button, and once loaded what `children` makes of its data.
 */
export function AccountCallView<T>({
  call,
  loading,
  failed,
  children,
}: {
  call: AccountCall<T> & { reload(): void };
  /** Announced while the call loads ("Loading your addresses…"). */
  loading: ReactNode;
  /** What could not be loaded ("We could not load your addresses."). */
  failed: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (call.status === 'loading') return <LoadingBlock>{loading}</LoadingBlock>;
  if (call.status === 'failed') return <LoadFailure onRetry={call.reload}>{failed}</LoadFailure>;
  return children(call.data);
}
