import { Trans } from '@lingui/react/macro';
import { ApiHttpError, apiHttpStatus } from '@tradein/client-core';
import { apiErrorCode, changePasswordEndpoint } from '@tradein/contract';
import { useId, useState, type FormEvent } from 'react';
import { accountApi } from '../account-api.ts';
import { TextField } from '../form-field.tsx';
import { hasErrors, type FieldErrors } from '../form-rules.ts';
import { PasswordStrength } from '../password-strength.tsx';
import { endRefusedSession, endsSession } from '../session.ts';
import type { SectionProps } from './account-management.tsx';
import { formFieldErrors, reportedFields } from './account-write.ts';
import {
  changePasswordBody,
  checkPasswordForm,
  readPasswordForm,
  type PasswordField,
} from './password-change.ts';
import { useFirstErrorFocus } from './use-first-error-focus.ts';

/** How the latest change ended, besides field errors. */
type PasswordOutcome = 'changed' | 'throttled' | 'failed';

/**
 * Changes the password, proven by the current one. The passwords live only in the form's fields
 * until the call returns; then the fields are emptied, whatever the answer.
 */
export function PasswordSection({ account }: SectionProps) {
  const headingId = useId();
  const formId = useId();
  const meterId = useId();
  const [errors, setErrors] = useState<FieldErrors<PasswordField>>({});
  const [sameAsCurrent, setSameAsCurrent] = useState(false);
  const [outcome, setOutcome] = useState<PasswordOutcome | null>(null);
  const [newPassword, setNewPassword] = useState('');
  const [sending, setSending] = useState(false);
  const [formRef, focusFirstError] = useFirstErrorFocus();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const values = readPasswordForm(new FormData(form));
    const check = checkPasswordForm(values);
    setErrors(check.errors);
    setSameAsCurrent(check.sameAsCurrent);
    setOutcome(null);
    if (hasErrors(check.errors)) {
      focusFirstError();
      return;
    }
    const body = changePasswordBody(account, values);
    if (body === undefined) {
      setOutcome('failed');
      return;
    }
    setSending(true);
    const api = accountApi();
    try {
      await api.call(changePasswordEndpoint, { body });
      setOutcome('changed');
    } catch (error) {
      if (endsSession(error)) {
        void endRefusedSession(api);
      } else if (apiHttpStatus(error) === 429) {
        setOutcome('throttled');
      } else if (
        error instanceof ApiHttpError &&
        error.body?.error.code === apiErrorCode.wrongPassword
      ) {
        setErrors({ currentPassword: 'wrongPassword' });
        focusFirstError();
      } else {
        const refused = formFieldErrors<PasswordField>(reportedFields(error), {
          currentPassword: 'invalid',
          password: 'weakPassword',
          passwordRepeat: 'invalid',
        });
        if (hasErrors(refused)) {
          setErrors(refused);
          focusFirstError();
        } else {
          setOutcome('failed');
        }
      }
    } finally {
      // The passwords leave the page with the call: nothing keeps them afterwards.
      form.reset();
      setNewPassword('');
      setSending(false);
    }
  }

  return (
    <section className="account-data" id="password" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Password</Trans>
      </h2>
      <output
        className={outcome === 'changed' ? 'notice notice--success' : undefined}
        aria-live="polite"
      >
        {outcome === 'changed' ? (
          <Trans>
            Your password is changed. Wherever else you were logged in, you are logged out now.
          </Trans>
        ) : null}
      </output>
      {outcome === 'throttled' ? (
        <p className="notice notice--error" role="alert">
          <Trans>Too many wrong attempts. Please wait a few minutes before you try again.</Trans>
        </p>
      ) : outcome === 'failed' ? (
        <p className="notice notice--error" role="alert">
          <Trans>
            We could not change your password. Please check your connection and try again.
          </Trans>
        </p>
      ) : null}
      <form
        ref={formRef}
        method="post"
        className="form"
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => void submit(event)}
      >
        {/* Tells password managers which login the new password belongs to. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={account.email ?? ''}
          readOnly
          hidden
        />
        {sameAsCurrent ? (
          <p className="notice notice--error" role="alert">
            <Trans>Your new password must differ from your current one.</Trans>
          </p>
        ) : null}
        <TextField
          formId={formId}
          name="currentPassword"
          type="password"
          label={<Trans>Current password</Trans>}
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <TextField
          formId={formId}
          name="password"
          type="password"
          label={<Trans>New password</Trans>}
          autoComplete="new-password"
          hint={<Trans>At least 8 characters, with a letter and a digit or symbol.</Trans>}
          error={errors.password}
          onInput={setNewPassword}
        />
        <PasswordStrength id={meterId} password={newPassword} />
        <TextField
          formId={formId}
          name="passwordRepeat"
          type="password"
          label={<Trans>Repeat the new password</Trans>}
          autoComplete="new-password"
          error={errors.passwordRepeat}
        />
        <div className="actions">
          <button type="submit" className="button" aria-disabled={sending}>
            {sending ? <Trans>Changing…</Trans> : <Trans>Change password</Trans>}
          </button>
        </div>
      </form>
    </section>
  );
}
