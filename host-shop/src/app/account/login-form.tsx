import { Trans, useLingui } from '@lingui/react/macro';
import { apiHttpStatus, login } from '@tradein/client-core';
import { loginEndpoint } from '@tradein/contract';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { accountApi } from './account-api.ts';
import { EmailField, TextField } from './form-field.tsx';
import { checkForm, textOf, type FieldErrors, type FormRefusals } from './form-rules.ts';

/** The fields of the login form. */
type LoginField = 'email' | 'password';

/** Where the login form shows what the login call's rules refuse. */
const loginRefusals: FormRefusals<LoginField> = {
  paths: { username: 'email', password: 'password' },
  codes: { email: 'email', password: 'required' },
};

/** Why a login failed, for its message. */
type LoginFailure = 'credentials' | 'notActivated' | 'throttled' | 'unreachable';

function failureOf(error: unknown): LoginFailure {
  switch (apiHttpStatus(error)) {
    case 400:
    case 401:
      return 'credentials';
    case 403:
      return 'notActivated';
    case 429:
      return 'throttled';
    default:
      return 'unreachable';
  }
}

function FailureMessage({
  failure,
  registerPath,
  forgotPath,
}: {
  failure: LoginFailure;
  registerPath: string;
  forgotPath: string;
}) {
  switch (failure) {
    case 'credentials':
      return (
        <Trans>
          The e-mail address or the password is not right. Check both, or{' '}
          <Link to={forgotPath}>set a new password</Link>.
        </Trans>
      );
    case 'notActivated':
      return (
        <Trans>
          Your account is not active yet. Open the link in the e-mail we sent you, or{' '}
          <Link to={`${registerPath}#resend-activation`}>ask for a new link</Link>.
        </Trans>
      );
    case 'throttled':
      return (
        <Trans>
          Too many attempts. Please wait a minute and try again, or{' '}
          <Link to={forgotPath}>set a new password</Link>, which lets you in at once.
        </Trans>
      );
    case 'unreachable':
      return (
        <Trans>
          We could not reach our server. Check your connection and try again in a moment.
        </Trans>
      );
  }
}

/**
 * The login of §7 with "remember me": remembered, the login outlasts the browser (the refresh
 * token is kept in localStorage); otherwise it ends with the tab. The password is sent once and
 * never stored. The form is only drawn in the browser, which keeps the session.
 */
export function LoginForm({
  registerPath,
  forgotPath,
  onLoggedIn,
}: {
  registerPath: string;
  forgotPath: string;
  /** Where to go once logged in; by default the page redraws for the logged-in customer. */
  onLoggedIn?: () => void;
}) {
  const { t } = useLingui();
  const formId = useId();
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = new FormData(event.currentTarget);
    const password = form.get('password');
    const values = {
      email: textOf(form, 'email').toLowerCase(),
      password: typeof password === 'string' ? password : '',
    };
    const checked = checkForm(
      loginEndpoint.body,
      { username: values.email, password: values.password },
      loginRefusals,
      values,
      'email',
    );
    setErrors(checked.ok ? {} : checked.errors);
    setFailure(null);
    if (!checked.ok) return;
    setSending(true);
    try {
      await login(accountApi(), { ...checked.body, remember: form.get('remember') === 'on' });
      onLoggedIn?.();
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      method="post"
      className="form"
      noValidate
      aria-label={t`Log in`}
      onSubmit={(event) => void submit(event)}
    >
      {failure === null ? null : (
        <p className="notice notice--error" role="alert">
          <FailureMessage failure={failure} registerPath={registerPath} forgotPath={forgotPath} />
        </p>
      )}
      <EmailField formId={formId} autoComplete="username" error={errors.email} />
      <TextField
        formId={formId}
        name="password"
        type="password"
        label={<Trans>Password</Trans>}
        autoComplete="current-password"
        error={errors.password}
      />
      <div className="check-field">
        <input id={`${formId}-remember`} name="remember" type="checkbox" />
        <label htmlFor={`${formId}-remember`}>
          <Trans>Stay logged in on this device</Trans>
        </label>
      </div>
      <p className="field-hint">
        <Trans>
          Only on a device you alone use. We keep a login key on it, never your password.
        </Trans>
      </p>
      <div className="actions">
        <button type="submit" className="button" aria-disabled={sending}>
          {sending ? <Trans>Logging in…</Trans> : <Trans>Log in</Trans>}
        </button>
        <Link to={forgotPath} className="button button--secondary">
          <Trans>Forgot your password?</Trans>
        </Link>
      </div>
      <p>
        <Trans>
          New here? <Link to={registerPath}>Create a customer account</Link> to follow your trades
          and sell faster next time.
        </Trans>
      </p>
    </form>
  );
}
