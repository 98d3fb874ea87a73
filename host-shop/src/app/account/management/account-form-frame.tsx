import { Trans } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { hasErrors } from '../form-rules.ts';
import type { WriteFailure } from './account-write.ts';
import { WriteFailureMessage } from './change-notices.tsx';
import type { AccountFormState } from './use-account-form.ts';

/**
 * The frame of every form of the account area: its heading, the notice of a refusal (an alert,
 * which takes the focus when no field is marked), the fields, and the buttons to save (saying
 * so while it runs) and to cancel. The notice says why the API refused (`failure`), or that
 * fields are marked; a form with failures of its own (the password's) passes its `notice`.
 */
export function AccountFormFrame({
  form,
  failure = null,
  notice = null,
  heading,
  labelledBy,
  submitLabel,
  busyLabel = <Trans>Saving…</Trans>,
  onCancel,
  children,
}: {
  form: AccountFormState<string, unknown>;
  failure?: WriteFailure | null;
  notice?: ReactNode;
  heading?: ReactNode;
  /** The id of a heading outside the form that names it (when it has no heading of its own). */
  labelledBy?: string;
  submitLabel: ReactNode;
  busyLabel?: ReactNode;
  onCancel?: (() => void) | undefined;
  children: ReactNode;
}) {
  const headingId = useId();
  const { formRef, errors, sending, onSubmit } = form;
  const withFields = hasErrors(errors);
  const message =
    notice ??
    (failure !== null ? (
      <WriteFailureMessage failure={failure} withFields={withFields} />
    ) : withFields ? (
      <WriteFailureMessage failure="refused" withFields />
    ) : null);
  return (
    <form
      ref={formRef}
      method="post"
      className="form"
      noValidate
      aria-labelledby={heading === undefined ? labelledBy : headingId}
      onSubmit={onSubmit}
    >
      {heading === undefined ? null : <h3 id={headingId}>{heading}</h3>}
      {message === null ? null : (
        <p className="notice notice--error" role="alert" tabIndex={-1}>
          {message}
        </p>
      )}
      {children}
      <div className="actions">
        <button type="submit" className="button" aria-disabled={sending}>
          {sending ? busyLabel : submitLabel}
        </button>
        {onCancel === undefined ? null : (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        )}
      </div>
    </form>
  );
}
