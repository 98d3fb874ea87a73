import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { FieldErrorCode } from './form-rules.ts';

/** The sentence that tells the customer how to fix a refused field, in the page's language. */
export function FieldMessage({ code }: { code: FieldErrorCode }) {
  switch (code) {
    case 'required':
      return <Trans>Please fill in this field.</Trans>;
    case 'email':
      return <Trans>Please enter a valid e-mail address, like name@example.com.</Trans>;
    case 'name':
      return <Trans>Please enter a name in letters (no digits or web addresses).</Trans>;
    case 'addressLine':
      return <Trans>Please enter one line of text without web or e-mail addresses.</Trans>;
    case 'houseNumber':
      return <Trans>Please enter the house number, starting with a digit or letter.</Trans>;
    case 'postalCode':
      return <Trans>This postal code does not exist in this country. Please check it.</Trans>;
    case 'tooLong':
      return <Trans>Please shorten this to at most 100 characters.</Trans>;
    case 'weakPassword':
      return (
        <Trans>Use at least 8 characters, with at least one letter and one digit or symbol.</Trans>
      );
    case 'samePassword':
      return <Trans>Your new password must differ from your current one.</Trans>;
    case 'passwordMismatch':
      return <Trans>The two passwords differ. Please type the same password twice.</Trans>;
    case 'wrongPassword':
      return <Trans>This is not your current password. Please try again.</Trans>;
    case 'iban':
      return <Trans>This IBAN is not valid. Please check it against your bank card.</Trans>;
    case 'ibanNotSepa':
      return (
        <Trans>
          Only bank accounts in the SEPA area are accepted. Please enter the IBAN of such an
          account, or use PayPal.
        </Trans>
      );
    case 'bic':
      return (
        <Trans>A BIC has 8 or 11 letters and digits, like DEUTDEFF. You may leave it empty.</Trans>
      );
    case 'phone':
      return (
        <Trans>
          This phone number is not valid. Enter it with its area code, like +49 170 1234567.
        </Trans>
      );
    case 'invalid':
      return <Trans>Please check this field.</Trans>;
  }
}

/** The ids of a field's input, hint and error, for labels and `aria-describedby`. */
function fieldIds(formId: string, name: string) {
  return {
    input: `${formId}-${name}`,
    hint: `${formId}-${name}-hint`,
    error: `${formId}-${name}-error`,
  };
}

interface TextFieldProps {
  /** The `id` prefix of the form (from `useId`). */
  formId: string;
  name: string;
  label: ReactNode;
  error?: FieldErrorCode | undefined;
  defaultValue?: string | undefined;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
  optional?: boolean;
  hint?: ReactNode;
  spellCheck?: boolean;
  maxLength?: number;
  /** Called on every keystroke (the password strength meter). */
  onInput?: (value: string) => void;
}

/**
 * A labelled input with its hint and error below it, tied to it by `aria-describedby`. The input
 * is uncontrolled and named, so the same form posts without JavaScript.
 */
export function TextField({
  formId,
  name,
  label,
  error,
  defaultValue,
  type = 'text',
  autoComplete,
  inputMode,
  optional = false,
  hint,
  spellCheck,
  maxLength = 100,
  onInput,
}: TextFieldProps) {
  const ids = fieldIds(formId, name);
  const describedBy = [hint === undefined ? '' : ids.hint, error === undefined ? '' : ids.error]
    .filter((id) => id !== '')
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={ids.input}>
        {label}
        {optional ? (
          <span className="field-optional">
            {' '}
            <Trans>(optional)</Trans>
          </span>
        ) : null}
      </label>
      <input
        id={ids.input}
        name={name}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={spellCheck}
        maxLength={type === 'password' ? 1024 : maxLength}
        required={!optional}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        onInput={onInput === undefined ? undefined : (event) => onInput(event.currentTarget.value)}
      />
      {hint === undefined ? null : (
        <p className="field-hint" id={ids.hint}>
          {hint}
        </p>
      )}
      {error === undefined ? null : (
        <p className="field-error" id={ids.error}>
          <FieldMessage code={error} />
        </p>
      )}
    </div>
  );
}

/**
 * An e-mail address field as every form shows it: typed as e-mail, no spelling check, at most the
 * 254 characters of the contract's rule.
 */
export function EmailField({
  formId,
  name = 'email',
  label = <Trans>E-mail address</Trans>,
  autoComplete = 'email',
  error,
  defaultValue,
  optional = false,
}: {
  formId: string;
  name?: string;
  label?: ReactNode;
  /** `username` in a login form. */
  autoComplete?: string;
  error?: FieldErrorCode | undefined;
  defaultValue?: string | undefined;
  optional?: boolean;
}) {
  return (
    <TextField
      formId={formId}
      name={name}
      type="email"
      label={label}
      autoComplete={autoComplete}
      inputMode="email"
      spellCheck={false}
      maxLength={254}
      error={error}
      defaultValue={defaultValue}
      optional={optional}
    />
  );
}

/** A choice of salutation (the contract's three), as a labelled select. */
export function SalutationField({
  formId,
  error,
  defaultValue,
}: {
  formId: string;
  error?: FieldErrorCode | undefined;
  defaultValue?: string | undefined;
}) {
  const { t } = useLingui();
  const ids = fieldIds(formId, 'salutation');
  return (
    <div className="field">
      <label htmlFor={ids.input}>
        <Trans>Salutation</Trans>
      </label>
      <select
        id={ids.input}
        name="salutation"
        defaultValue={defaultValue ?? 'ms'}
        autoComplete="honorific-prefix"
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={error === undefined ? undefined : ids.error}
      >
        <option value="ms">{t`Ms`}</option>
        <option value="mr">{t`Mr`}</option>
        <option value="diverse">{t`Neither (no salutation)`}</option>
      </select>
      {error === undefined ? null : (
        <p className="field-error" id={ids.error}>
          <FieldMessage code={error} />
        </p>
      )}
    </div>
  );
}
