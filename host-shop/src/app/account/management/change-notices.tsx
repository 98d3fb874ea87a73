import { Trans } from '@lingui/react/macro';
import { useCallback, useId, useState, type ReactNode } from 'react';
import type { WriteFailure } from './account-write.ts';
import { useFocusAfterRender } from './use-focus-after-render.ts';

/**
 * The confirmation of the latest change of a section: `confirm(message)` shows it and moves the
 * focus to it, so keyboard and screen reader users learn at once that the change is saved.
 */
export function useConfirmation() {
  const id = useId();
  const [message, setMessage] = useState<ReactNode>(null);
  const focusAfterRender = useFocusAfterRender();
  const confirm = useCallback(
    (next: ReactNode) => {
      setMessage(next);
      focusAfterRender(id);
    },
    [focusAfterRender, id],
  );
  const clear = useCallback(() => setMessage(null), []);
  return { id, message, confirm, clear };
}

/**
 * Where a section confirms a change: a status region that stays on the page (empty until the
 * first change), so screen readers know it before it speaks.
 */
export function Confirmation({ id, message }: { id: string; message: ReactNode }) {
  return (
    <output
      id={id}
      tabIndex={-1}
      className={
        message === null ? 'change-confirmation' : 'change-confirmation notice notice--success'
      }
    >
      {message}
    </output>
  );
}

/** What to do after a change failed, in the customer's words; nothing when the session ended. */
export function WriteFailureMessage({
  failure,
  withFields = false,
}: {
  failure: WriteFailure;
  /** Whether the refused fields say themselves what is wrong. */
  withFields?: boolean;
}) {
  switch (failure) {
    case 'refused':
      return withFields ? (
        <Trans>Some fields need your attention. Each one says what to change.</Trans>
      ) : (
        <Trans>We could not save this. Please check your entries and try again.</Trans>
      );
    case 'notFound':
      return (
        <Trans>
          This entry was changed or removed in another window. We have loaded your current data;
          please try again.
        </Trans>
      );
    case 'unreachable':
      return (
        <Trans>
          We could not reach our server. Your entries are kept; please try again in a moment.
        </Trans>
      );
    case 'sessionEnded':
      return null;
  }
}
