import { Trans } from '@lingui/react/macro';
import { ApiHttpError, apiHttpStatus, refusedFields } from '@tradein/client-core';
import { apiErrorCode, changePasswordEndpoint, placeRefusals } from '@tradein/contract';
import { useId, useState } from 'react';
import { accountApi } from '../account-api.ts';
import { TextField } from '../form-field.tsx';
import { PasswordStrength } from '../password-strength.tsx';
import { endRefusedSession, endsSession } from '../session.ts';
import { AccountFormFrame } from './account-form-frame.tsx';
import type { SectionProps } from './account-management.tsx';
import {
  checkPasswordForm,
  passwordRefusals,
  readPasswordForm,
  type ChangePasswordRequest,
  type PasswordField,
} from './password-change.ts';
import { useAccountForm, type FormOutcome } from './use-account-form.ts';

/** Why the latest change failed without a field to blame. */
type PasswordNotice = 'throttled' | 'failed';

/** How a failed call of the password change shows: a refused field, or a notice. */
function passwordFailure(error: unknown): FormOutcome<PasswordField, PasswordNotice> {
  if (apiHttpStatus(error) === 429) return { saved: false, notice: 'throttled' };
  if (error instanceof ApiHttpError && error.body?.error.code === apiErrorCode.wrongPassword) {
    return { saved: false, errors: { currentPassword: 'wrongPassword' } };
  }
  const { errors } = placeRefusals(refusedFields(error), passwordRefusals);
  return Object.keys(errors).length > 0
    ? { saved: false, errors }
    : { saved: false, notice: 'failed' };
}

/** What the form says when the change failed without a field to blame. */
function PasswordNoticeText({ notice }: { notice: PasswordNotice | null }) {
  if (notice === 'throttled') {
    return <Trans>Too many wrong attempts. Please wait a few minutes before you try again.</Trans>;
  }
  if (notice === 'failed') {
    return (
      <Trans>We could not change your password. Please check your connection and try again.</Trans>
    );
  }
  return null;
}

/**
 * Changes the password, proven by the current one. The passwords live only in the form's fields
 * until the call returns; then the fields are emptied, whatever the answer.
 */
export function PasswordSection({ account }: SectionProps) {
  const headingId = useId();
  const formId = useId();
  const meterId = useId();
  const [changed, setChanged] = useState(false);
  const [newPassword, setNewPassword] = useState('');
  const form = useAccountForm<ChangePasswordRequest | undefined, PasswordField, PasswordNotice>({
    focusOnOpen: false,
    check: (data) => {
      // A new attempt replaces the confirmation of the last one.
      setChanged(false);
      return checkPasswordForm(readPasswordForm(data), account);
    },
    send: async (body, element) => {
      const api = accountApi();
      try {
        if (body === undefined) return { saved: false, notice: 'failed' };
        await api.call(changePasswordEndpoint, { body });
        setChanged(true);
        return { saved: true };
      } catch (error) {
        if (!endsSession(error)) return passwordFailure(error);
        void endRefusedSession(api);
        return { saved: false };
      } finally {
        // The passwords leave the page with the call: nothing keeps them afterwards.
        element.reset();
        setNewPassword('');
      }
    },
  });
  const { errors } = form;

  return (
    <section className="account-data" id="password" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Password</Trans>
      </h2>
      <output className={changed ? 'notice notice--success' : undefined} aria-live="polite">
        {changed ? (
          <Trans>
            Your password is changed. Wherever else you were logged in, you are logged out now.
          </Trans>
        ) : null}
      </output>
      <AccountFormFrame
        form={form}
        labelledBy={headingId}
        notice={form.notice === null ? undefined : <PasswordNoticeText notice={form.notice} />}
        submitLabel={<Trans>Change password</Trans>}
        busyLabel={<Trans>Changing…</Trans>}
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
      </AccountFormFrame>
    </section>
  );
}
