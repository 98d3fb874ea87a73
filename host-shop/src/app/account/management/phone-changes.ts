import type { PhoneContact } from '@tradein/contract';
import type { EditionCode } from '@tradein/editions/client';
import {
  internationalPhone,
  phoneError,
  textOf,
  type FieldErrorCode,
  type FieldErrors,
} from '../form-rules.ts';

/** What kind of line a phone number is. */
export type PhoneType = PhoneContact['type'];

/** The kinds of line, in the order the form offers them. */
export const phoneTypes: readonly PhoneType[] = ['mobile', 'landline'];

/** The fields of the phone form. */
export type PhoneField = 'phone' | 'type';

/** A phone contact as the form holds it. */
export interface PhoneValues {
  phone: string;
  type: string;
}

/** The message each phone field shows when the API refuses it. */
export const phoneErrorCodes: Readonly<Record<PhoneField, FieldErrorCode>> = {
  phone: 'phone',
  type: 'required',
};

/** Reads the phone form; the number trimmed. */
export function readPhone(form: FormData): PhoneValues {
  return { phone: textOf(form, 'phone'), type: textOf(form, 'type') };
}

function isPhoneType(value: string): value is PhoneType {
  return (phoneTypes as readonly string[]).includes(value);
}

/** Checks the phone form: a valid number (read in the edition's country) and a kind of line. */
export function phoneErrors(values: PhoneValues, edition: EditionCode): FieldErrors<PhoneField> {
  const errors: FieldErrors<PhoneField> = {};
  const numberProblem = phoneError(values.phone, edition);
  if (numberProblem !== undefined) errors.phone = numberProblem;
  if (!isPhoneType(values.type)) errors.type = 'required';
  return errors;
}

/**
 * The body of a phone contact call from the form: the number in international form, as typed
 * numbers without a country code are read in the edition's country (`0170 1234567` on the
 * German shop is `+49 170 1234567`). An update adds the contact's `id`. Undefined when the form
 * does not pass {@link phoneErrors}.
 */
export function phoneContactBody(
  values: PhoneValues,
  edition: EditionCode,
): PhoneContactInput | undefined {
  const phone = internationalPhone(values.phone, edition);
  if (phone === undefined || !isPhoneType(values.type)) return undefined;
  return { phone, type: values.type };
}

/** The body of `POST /api/customers/phone_contacts`. */
export type PhoneContactInput = Omit<PhoneContact, 'id'>;

/**
 * A stored number as people read it, in international form; a number the shop cannot read is
 * shown as stored.
 */
export function readablePhone(phone: string, edition: EditionCode): string {
  return internationalPhone(phone, edition) ?? phone;
}
