import { Trans, useLingui } from '@lingui/react/macro';
import type { EditionCode } from '@tradein/editions/client';
import { useId, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { HoneypotField } from '../../components/honeypot-field.tsx';
import { AddressFields } from '../address-fields.tsx';
import { EmailField, TextField } from '../form-field.tsx';
import { PasswordStrength } from '../password-strength.tsx';
import { PayoutFieldset } from './payout-fieldset.tsx';
import type { RegisterResult } from './registration-result.ts';

/** A language of the mails, named in the page's language. */
export interface LocaleOption {
  locale: string;
  label: string;
}

/**
 * The registration form: a plain form post, parsed by the action with the register call's own
 * schema; the refused fields come back marked, with every value but the password. JavaScript
 * adds the strength meter and the guard against a second click.
 */
export function RegistrationForm({
  edition,
  locales,
  overviewPath,
  refused,
}: {
  /** The shop's edition: the address lies in its country and is asked for in its form. */
  edition: EditionCode;
  locales: { current: string; options: readonly LocaleOption[] };
  overviewPath: string;
  refused: Extract<RegisterResult, { kind: 'refused' | 'busy' }> | undefined;
}) {
  const { t } = useLingui();
  const formId = useId();
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [password, setPassword] = useState('');
  const errors = refused?.kind === 'refused' ? refused.errors : {};
  const values = refused?.values ?? {};
  return (
    <Form
      method="post"
      className="form"
      noValidate
      aria-label={t`Create your customer account`}
      onSubmit={(event) => {
        // One registration per click, however often the button is pressed.
        if (sending) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="register" />
      <HoneypotField />
      {refused?.kind === 'busy' ? (
        <p className="notice notice--error" role="alert">
          <Trans>Too many registrations from your connection. Please try again in an hour.</Trans>
        </p>
      ) : null}
      {refused?.kind === 'refused' ? (
        <p className="notice notice--error" role="alert">
          <Trans>Some fields need your attention. Each one says what to change.</Trans>
        </p>
      ) : null}
      <fieldset>
        <legend>
          <Trans>Your login</Trans>
        </legend>
        <EmailField formId={formId} error={errors.email} defaultValue={values.email} />
        <TextField
          formId={formId}
          name="password"
          type="password"
          label={<Trans>Password</Trans>}
          autoComplete="new-password"
          error={errors.password}
          hint={
            <Trans>
              Use at least 8 characters, with at least one letter and one digit or symbol.
            </Trans>
          }
          onInput={setPassword}
        />
        <PasswordStrength id={`${formId}-strength`} password={password} />
        <div className="field">
          <label htmlFor={`${formId}-locale`}>
            <Trans>Language of our e-mails</Trans>
          </label>
          <select
            id={`${formId}-locale`}
            name="locale"
            defaultValue={values.locale ?? locales.current}
            aria-invalid={errors.locale === undefined ? undefined : true}
          >
            {locales.options.map((option) => (
              <option key={option.locale} value={option.locale}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <fieldset>
        <legend>
          <Trans>Your address (printed on your shipping labels)</Trans>
        </legend>
        <AddressFields formId={formId} edition={edition} errors={errors} values={values} />
      </fieldset>
      <PayoutFieldset formId={formId} errors={errors} values={values} />
      <button type="submit" className="button" aria-disabled={sending}>
        {sending ? <Trans>Creating your account…</Trans> : <Trans>Create my account</Trans>}
      </button>
      <p>
        <Trans>
          Already a customer? <Link to={overviewPath}>Log in</Link>
        </Trans>
      </p>
    </Form>
  );
}
