import { Trans } from '@lingui/react/macro';
import { useId } from 'react';

/**
 * The name of the trap field. Browsers fill fields by names like `email`, `name` or `address`,
 * never this one, so a person's browser leaves it empty; a bot filling every field does not.
 */
export const honeypotFieldName = 'website';

/**
 * The honeypot of a public form: a field no person sees or reaches (off-screen by the stylesheet,
 * hidden from screen readers, out of the tab order, never autofilled). A post with it filled is
 * a bot's: the action answers as if it succeeded and does nothing (honeypot.server.ts).
 */
export function HoneypotField() {
  const id = useId();
  return (
    <div className="form-trap" aria-hidden="true">
      <label htmlFor={id}>
        <Trans>Leave this field empty</Trans>
      </label>
      <input id={id} name={honeypotFieldName} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
