import {
  accountHolderSchema,
  addressInputSchema,
  emailSchema,
  maxTextFieldLength,
  passwordSchema,
  personNameSchema,
} from '@tradein/contract';
import { isValidPostalCode, type EditionCode } from '@tradein/editions/client';
import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * Why a form field is refused, by the trade API's own rules (the contract's schemas, the
 * edition's postal rule); the page turns the code into a sentence in its language
 * (field-message.tsx).
 */
export type FieldErrorCode =
  | 'required'
  | 'email'
  | 'name'
  | 'addressLine'
  | 'houseNumber'
  | 'postalCode'
  | 'tooLong'
  | 'weakPassword'
  | 'passwordMismatch'
  | 'wrongPassword'
  | 'iban'
  | 'bic'
  | 'phone'
  | 'invalid';

/** Field errors by field name. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, FieldErrorCode>>;

/** A form's text value: trimmed text, or '' when missing or not text (a file, a tampered post). */
export function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** Why a required text is refused by a rule: empty, too long, or not what the field holds. */
function textError(
  value: string,
  rule: { safeParse(value: string): { success: boolean } },
  wrong: FieldErrorCode,
): FieldErrorCode | undefined {
  if (value === '') return 'required';
  if (value.length > maxTextFieldLength) return 'tooLong';
  return rule.safeParse(value).success ? undefined : wrong;
}

/** A first or last name, by the contract's name rule. */
function nameError(value: string): FieldErrorCode | undefined {
  return textError(value, personNameSchema, 'name');
}

/** An e-mail address. */
export function emailError(value: string): FieldErrorCode | undefined {
  if (value === '') return 'required';
  return emailSchema.safeParse(value).success ? undefined : 'email';
}

/** A new password, by the contract's password rule. */
export function newPasswordError(value: string): FieldErrorCode | undefined {
  if (value === '') return 'required';
  return passwordSchema.safeParse(value).success ? undefined : 'weakPassword';
}

/** The fields of a postal address form. */
export const addressFields = [
  'salutation',
  'firstName',
  'lastName',
  'company',
  'street',
  'houseNumber',
  'addressAddition',
  'zip',
  'city',
] as const;
export type AddressField = (typeof addressFields)[number];

/** An address as a form holds it. */
export type AddressValues = Record<AddressField, string>;

/** Reads an address form; every value trimmed. */
export function readAddress(form: FormData): AddressValues {
  return Object.fromEntries(addressFields.map((field) => [field, textOf(form, field)])) as Record<
    AddressField,
    string
  >;
}

/** Checks an address for the edition's country, field by field, with the API's rules. */
export function addressErrors(
  values: AddressValues,
  edition: EditionCode,
): FieldErrors<AddressField> {
  const errors: FieldErrors<AddressField> = {};
  const shape = addressInputSchema.shape;
  const set = (field: AddressField, code: FieldErrorCode | undefined) => {
    if (code !== undefined) errors[field] = code;
  };
  if (!shape.salutation.safeParse(values.salutation).success) set('salutation', 'required');
  set('firstName', nameError(values.firstName));
  set('lastName', nameError(values.lastName));
  set('street', textError(values.street, shape.street, 'addressLine'));
  set('city', textError(values.city, shape.city, 'addressLine'));
  if (values.houseNumber === '') set('houseNumber', 'required');
  else if (!shape.houseNumber.safeParse(values.houseNumber).success) {
    set('houseNumber', 'houseNumber');
  }
  if (values.zip === '') set('zip', 'required');
  else if (!isValidPostalCode(edition, values.zip)) set('zip', 'postalCode');
  for (const field of ['company', 'addressAddition'] as const) {
    const value = values[field];
    if (value === '') continue;
    if (value.length > maxTextFieldLength) set(field, 'tooLong');
    else if (!shape[field].safeParse(value).success) set(field, 'addressLine');
  }
  return errors;
}

/** The address body of the API (without id) from a checked form. */
export function addressBody(values: AddressValues, edition: EditionCode) {
  return {
    salutation: values.salutation as 'mr' | 'ms' | 'diverse',
    firstName: values.firstName,
    lastName: values.lastName,
    ...(values.company === '' ? {} : { company: values.company }),
    street: values.street,
    houseNumber: values.houseNumber,
    ...(values.addressAddition === '' ? {} : { addressAddition: values.addressAddition }),
    zip: values.zip,
    city: values.city,
    country: edition,
  };
}

/** A bank account holder, by the contract's rule. */
export function accountHolderError(value: string): FieldErrorCode | undefined {
  return textError(value, accountHolderSchema, 'name');
}

/** An IBAN as typed (spaces, lower case allowed), checked with its check digits. */
export function ibanError(value: string): FieldErrorCode | undefined {
  if (value === '') return 'required';
  const electronic = electronicFormatIBAN(value) ?? '';
  return isValidIBAN(electronic) ? undefined : 'iban';
}

/** An IBAN in its electronic form (`DE89370400440532013000`), as the API stores it. */
export function electronicIban(value: string): string {
  return electronicFormatIBAN(value) ?? value;
}

/** An IBAN as people read it, in groups of four (`DE89 3704 0044 0532 0130 00`). */
export function readableIban(value: string): string {
  return friendlyFormatIBAN(value) ?? value;
}

/** An optional BIC. */
export function bicError(value: string): FieldErrorCode | undefined {
  if (value === '') return undefined;
  const bic = value.toUpperCase();
  return /^[A-Z0-9]{8}(?:[A-Z0-9]{3})?$/.test(bic) && isValidBIC(bic) ? undefined : 'bic';
}

/** The country a phone number without its country code is read in, per edition. */
const phoneCountries: Record<EditionCode, CountryCode> = {
  at: 'AT',
  de: 'DE',
  es: 'ES',
  fr: 'FR',
  it: 'IT',
};

/**
 * A phone number as typed (`0170 1234567`, `+43 664 1234567`), read in the edition's country
 * unless it names its own, in international form (`+49 170 1234567`); undefined when it is not
 * a valid number.
 */
export function internationalPhone(value: string, edition: EditionCode): string | undefined {
  const number = parsePhoneNumberFromString(value, phoneCountries[edition]);
  return number?.isValid() === true ? number.formatInternational() : undefined;
}

/** A phone number, valid for its country. */
export function phoneError(value: string, edition: EditionCode): FieldErrorCode | undefined {
  if (value === '') return 'required';
  return internationalPhone(value, edition) === undefined ? 'phone' : undefined;
}

/** Whether a set of errors is empty. */
export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}
