import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { maxTextFieldLength } from '@tradein/contract';
import type { ComponentType, ReactNode } from 'react';
import type { CheckoutField, CheckoutFormValues, FieldErrorCode } from './checkout-form.ts';
import type { CheckoutStore } from './checkout-store.ts';

/** The id of a field's input, for labels and for moving focus to the first error. */
export const idOf = (field: keyof CheckoutFormValues) => `tradein-checkout-${field}`;
const errorIdOf = (field: keyof CheckoutFormValues) => `tradein-checkout-${field}-error`;
/** The id of a field's hint, for the controls the hint describes. */
export const hintIdOf = (field: keyof CheckoutFormValues) => `tradein-checkout-${field}-hint`;

type TextFieldName = {
  [K in keyof CheckoutFormValues]: CheckoutFormValues[K] extends string ? K : never;
}[keyof CheckoutFormValues];
type CheckFieldName = {
  [K in keyof CheckoutFormValues]: CheckoutFormValues[K] extends boolean ? K : never;
}[keyof CheckoutFormValues];

interface FieldProps<Name> {
  store: CheckoutStore;
  field: Name;
  children: ReactNode;
}

/** A labelled text input with its error below it, linked by `aria-describedby`. */
export function TextField({
  store,
  field,
  children,
  type = 'text',
  autoComplete,
  inputMode,
  spellCheck,
  optional = false,
  hint,
  onBlur,
  errorText,
}: FieldProps<TextFieldName> & {
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
  spellCheck?: boolean;
  optional?: boolean;
  /** Guidance shown below the field and read with it. */
  hint?: ReactNode;
  /** Called when the field loses focus (a field checked on leaving it). */
  onBlur?: () => void;
  /** The field's own sentences for its error codes (given the typed value); common ones otherwise. */
  errorText?: ComponentType<{ code: FieldErrorCode; value: string }>;
}) {
  const value = useStore(store.$values)[field];
  const error = useStore(store.$errors)[field as CheckoutField];
  return (
    <div className="checkout-field">
      <label className="label" part="label" htmlFor={idOf(field)}>
        {children}
        {optional && (
          <span className="checkout-optional">
            {' '}
            <Trans>(optional)</Trans>
          </span>
        )}
      </label>
      <input
        className="input"
        part="input"
        id={idOf(field)}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={spellCheck}
        required={!optional}
        aria-invalid={error !== undefined}
        aria-describedby={
          [hint === undefined ? '' : hintIdOf(field), error === undefined ? '' : errorIdOf(field)]
            .filter((id) => id !== '')
            .join(' ') || undefined
        }
        onInput={(event) => store.update(field, event.currentTarget.value)}
        onBlur={onBlur}
      />
      {hint !== undefined && (
        <span className="hint" id={hintIdOf(field)}>
          {hint}
        </span>
      )}
      <FieldError field={field} code={error} value={value} text={errorText} />
    </div>
  );
}

/**
 * A labelled checkbox with its error below it. A hint below the label is not part of the
 * checkbox's name or description: it is for the links of the label (`hintIdOf(field)`).
 */
export function CheckField({
  store,
  field,
  children,
  hint,
}: FieldProps<CheckFieldName> & { hint?: ReactNode }) {
  const checked = useStore(store.$values)[field];
  const error = useStore(store.$errors)[field as CheckoutField];
  return (
    <div className="checkout-field">
      <label className="checkout-check" htmlFor={idOf(field)}>
        <input
          id={idOf(field)}
          type="checkbox"
          className="checkout-checkbox"
          checked={checked}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : errorIdOf(field)}
          onChange={(event) => store.update(field, event.currentTarget.checked)}
        />
        <span>{children}</span>
      </label>
      {hint !== undefined && (
        <span className="hint checkout-check-hint" id={hintIdOf(field)}>
          {hint}
        </span>
      )}
      <FieldError field={field} code={error} />
    </div>
  );
}

/** One option of a choice, as a radio button with a large touch target. */
export function Choice({
  name,
  checked,
  onChange,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label className="checkout-check">
      <input
        type="radio"
        className="checkout-checkbox"
        name={name}
        checked={checked}
        onChange={onChange}
      />
      <span>{children}</span>
    </label>
  );
}

/** The localized error of a field (nothing when it has none). */
function FieldError({
  field,
  code,
  value = '',
  text: OwnText,
}: {
  field: keyof CheckoutFormValues;
  code: FieldErrorCode | undefined;
  value?: string;
  text?: ComponentType<{ code: FieldErrorCode; value: string }> | undefined;
}) {
  if (code === undefined) return null;
  return (
    <span className="checkout-error" part="field-error" id={errorIdOf(field)}>
      {OwnText === undefined ? <ErrorText code={code} /> : <OwnText code={code} value={value} />}
    </span>
  );
}

function ErrorText({ code }: { code: FieldErrorCode }) {
  switch (code) {
    case 'required':
      return <Trans>Please fill in this field.</Trans>;
    case 'email':
      return <Trans>Enter an e-mail address like name@example.com.</Trans>;
    case 'postalCode':
      return <Trans>This postal code does not exist in this country. Check the digits.</Trans>;
    case 'houseNumber':
      return <Trans>Enter the house number, for example 12 or 12a.</Trans>;
    case 'tooLong': {
      const max = maxTextFieldLength;
      return <Trans>This is too long: use at most {max} characters.</Trans>;
    }
    case 'name':
      return <Trans>Use letters only: no digits, web or e-mail addresses.</Trans>;
    case 'addressLine':
      return <Trans>Leave out web and e-mail addresses here.</Trans>;
    case 'iban':
      return <Trans>This IBAN is not valid. Check it against your bank card or statement.</Trans>;
    case 'ibanNotSepa':
      return (
        <Trans>
          Only bank accounts in the SEPA area are accepted. Enter the IBAN of such an account, or
          choose PayPal.
        </Trans>
      );
    case 'voucher':
      return <Trans>This voucher code cannot be used. Check it or leave the field empty.</Trans>;
    case 'terms':
      return <Trans>Accept the terms and conditions to sell your devices.</Trans>;
    case 'weakPassword':
      return (
        <Trans>Use at least 8 characters, with at least one letter and one digit or symbol.</Trans>
      );
    case 'vatIdCountry':
    case 'vatIdFormat':
    case 'vatIdCheckDigits':
    case 'invalid':
      return <Trans>Please check this entry.</Trans>;
  }
}
