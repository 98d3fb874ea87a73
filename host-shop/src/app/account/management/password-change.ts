import type { LoggedInAccount } from '../account-gate.tsx';
import { newPasswordError, type FieldErrors } from '../form-rules.ts';

/** The fields of the password form. */
export type PasswordField = 'currentPassword' | 'password' | 'passwordRepeat';
export type PasswordFormValues = Record<PasswordField, string>;

/**
 * Reads the password form. Passwords are taken as typed, not trimmed: a space may be part of
 * one, and the API checks the current password byte for byte.
 */
export function readPasswordForm(form: FormData): PasswordFormValues {
  const value = (name: PasswordField) => {
    const entry = form.get(name);
    return typeof entry === 'string' ? entry : '';
  };
  return {
    currentPassword: value('currentPassword'),
    password: value('password'),
    passwordRepeat: value('passwordRepeat'),
  };
}

/** What is wrong with the password form, by field, and whether the new password repeats the current one. */
export interface PasswordFormCheck {
  errors: FieldErrors<PasswordField>;
  /** The new password is the current one: the API refuses that, the page says so. */
  sameAsCurrent: boolean;
}

/** Checks the password form with the contract's rules before anything is sent. */
export function checkPasswordForm(values: PasswordFormValues): PasswordFormCheck {
  const errors: FieldErrors<PasswordField> = {};
  if (values.currentPassword === '') errors.currentPassword = 'required';
  const weak = newPasswordError(values.password);
  if (weak !== undefined) errors.password = weak;
  const sameAsCurrent =
    weak === undefined &&
    values.currentPassword !== '' &&
    values.password === values.currentPassword;
  if (sameAsCurrent) errors.password = 'invalid';
  if (values.passwordRepeat === '') errors.passwordRepeat = 'required';
  else if (values.passwordRepeat !== values.password) errors.passwordRepeat = 'passwordMismatch';
  return { errors, sameAsCurrent };
}

/**
 * The body of `POST changePassword`: the customer's id and address, as the API checks them
 * against the token; undefined when the stored session lacks the address.
 */
export function changePasswordBody(account: LoggedInAccount, values: PasswordFormValues) {
  const email = account.email ?? account.customerData?.email;
  if (email === undefined || email === null) return undefined;
  return {
    userId: account.customerId,
    email,
    currentPassword: values.currentPassword,
    password: values.password,
  };
}
