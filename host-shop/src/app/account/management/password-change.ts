import { changePasswordEndpoint, parseFormRequest, passwordSchema } from '@tradein/contract';
import type * as z from 'zod/mini';
import type { LoggedInAccount } from '../account-gate.tsx';
import type { FieldErrors, FormCheck, FormRefusals } from '../form-rules.ts';

/** The fields of the password form. */
export type PasswordField = 'currentPassword' | 'password' | 'passwordRepeat';
export type PasswordFormValues = Record<PasswordField, string>;

/** The body of `POST changePassword`, as the contract checks it. */
export type ChangePasswordRequest = z.output<typeof changePasswordEndpoint.body>;

/** Where the password form shows the refusals of its call, and with which message. */
export const passwordRefusals: FormRefusals<PasswordField> = {
  paths: { currentPassword: 'currentPassword', password: 'password' },
  codes: { currentPassword: 'invalid', password: 'weakPassword', passwordRepeat: 'invalid' },
};

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

/**
 * Checks the password form before anything is sent: its call's body with the contract's rules
 * (a new password by the password rule, and not the current one), the repetition with the new
 * password. The body is undefined, unchecked, when the session lacks the customer's address:
 * the call cannot be made then.
 */
export function checkPasswordForm(
  values: PasswordFormValues,
  account: LoggedInAccount,
): FormCheck<ChangePasswordRequest | undefined, PasswordField> {
  const request = changePasswordBody(account, values);
  const parsed =
    request === undefined
      ? undefined
      : parseFormRequest(changePasswordEndpoint.body, request, passwordRefusals, values);
  const errors: FieldErrors<PasswordField> = parsed?.ok === false ? { ...parsed.errors } : {};
  // Told apart from a weak password: the new one follows the rule but repeats the current one.
  if (
    values.currentPassword !== '' &&
    values.password === values.currentPassword &&
    passwordSchema.safeParse(values.password).success
  ) {
    errors.password = 'samePassword';
  }
  if (values.passwordRepeat === '') errors.passwordRepeat = 'required';
  else if (values.passwordRepeat !== values.password) errors.passwordRepeat = 'passwordMismatch';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed?.ok === true ? parsed.body : undefined };
}
