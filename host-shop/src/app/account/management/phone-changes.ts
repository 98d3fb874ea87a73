import { createPhoneContactEndpoint, type PhoneContact } from '@tradein/contract';
import type { EditionCode } from '@tradein/editions/client';
import {
  checkForm,
  internationalPhone,
  textOf,
  type FormCheck,
  type FormRefusals,
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

/** The body of `POST /api/customers/phone_contacts`. */
export type PhoneContactInput = Omit<PhoneContact, 'id'>;

/** Where the phone form shows the refusals of its call, and with which message. */
export const phoneRefusals: FormRefusals<PhoneField> = {
  paths: { phone: 'phone', type: 'type' },
  codes: { phone: 'phone', type: 'required' },
};

/** Reads the phone form; the number trimmed. */
export function readPhone(form: FormData): PhoneValues {
  return { phone: textOf(form, 'phone'), type: textOf(form, 'type') };
}

/**
 * Checks the phone form and makes the body of its call: the number may be typed nationally (read
 * in the edition's country: `0170 1234567` on the German shop is `+49 170 1234567`) or with its
 * country code, must be a number of its country, and is sent in international form; the contact
 * then passes the contract's rule. An update adds the contact's `id`.
 */
export function checkPhone(
  values: PhoneValues,
  edition: EditionCode,
): FormCheck<PhoneContactInput, PhoneField> {
  const phone = internationalPhone(values.phone, edition);
  const checked = checkForm(
    createPhoneContactEndpoint.body,
    { phone: phone ?? values.phone, type: values.type },
    phoneRefusals,
    values,
    'phone',
  );
  if (phone !== undefined) return checked;
  // The contract takes any number of international shape; the shop also wants one that exists.
  const errors = checked.ok ? {} : checked.errors;
  return { ok: false, errors: { ...errors, phone: errors.phone ?? 'phone' } };
}

/**
 * A stored number as people read it, in international form; a number the shop cannot read is
 * shown as stored.
 */
export function readablePhone(phone: string, edition: EditionCode): string {
  return internationalPhone(phone, edition) ?? phone;
}
