import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** A call that failed: what happened and what to do, with a "try again" button. */
export function LoadFailure({ children, onRetry }: { children: ReactNode; onRetry(): void }) {
  return (
    <div className="notice notice--error load-failure" role="alert">
      <p>{children}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
