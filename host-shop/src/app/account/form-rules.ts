import {
  addressFormFields,
  fieldIssuesOf,
  placeRefusals,
  type AddressFormField,
  type FieldIssue,
  type RefusalMap,
} from '@tradein/contract';
import type { EditionCode } from '@tradein/editions/client';
import { friendlyFormatIBAN } from 'ibantools';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import type * as z from 'zod/mini';

/**
 * Why a form field is refused. Forms parse what they send with the trade API's own schemas (the
 * contract's `parseFormRequest`), so the reasons are the API's; the page turns the code into a
 * sentence in its language (form-field.tsx).
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
  | 'samePassword'
  | 'passwordMismatch'
  | 'wrongPassword'
  | 'iban'
  | 'ibanNotSepa'
  | 'bic'
  | 'phone'
  | 'invalid';

/** Field errors by field name. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, FieldErrorCode>>;

/** Where a form of the shop shows the refusals of its request, and with which message. */
export type FormRefusals<Field extends string> = RefusalMap<Field, FieldErrorCode>;

/** How a form's request parsed: the body to send, or the errors to show beside the fields. */
export type FormCheck<Body, Field extends string> =
  | { readonly ok: true; readonly body: Body }
  | { readonly ok: false; readonly errors: FieldErrors<Field> };

/**
 * Places refusals (of the form's own check, or of the API's 400) on the form's fields. A refusal
 * no field shows (a value the form does not offer, posted by hand) goes to `fallback`, so a
 * refused form always says where.
 */
export function refusalErrors<Field extends string>(
  issues: readonly FieldIssue[],
  refusals: FormRefusals<Field>,
  values: Readonly<Partial<Record<Field, unknown>>>,
  fallback: Field,
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = { ...placeRefusals(issues, refusals, values).errors };
  if (!hasErrors(errors)) errors[fallback] = 'invalid';
  return errors;
}

/**
 * Checks a form's request with the schema the API parses it with (the endpoint's `body`), the
 * refusals placed by {@link refusalErrors}.
 */
export function checkForm<Schema extends z.ZodMiniType, Field extends string>(
  schema: Schema,
  request: unknown,
  refusals: FormRefusals<Field>,
  values: Readonly<Partial<Record<Field, unknown>>>,
  fallback: Field,
): FormCheck<z.output<Schema>, Field> {
  const parsed = schema.safeParse(request);
  if (parsed.success) return { ok: true, body: parsed.data };
  const issues = fieldIssuesOf(parsed.error.issues);
  return { ok: false, errors: refusalErrors(issues, refusals, values, fallback) };
}

/** A form's text value: trimmed text, or '' when missing or not text (a file, a tampered post). */
export function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** The fields of a postal address form (the contract's address input but the country). */
export type AddressField = AddressFormField;

/** An address as a form holds it. */
export type AddressValues = Record<AddressField, string>;

/** The message each address field shows when its rule refuses it. */
export const addressFieldCodes: Readonly<Record<AddressField, FieldErrorCode>> = {
  salutation: 'invalid',
  firstName: 'name',
  lastName: 'name',
  company: 'addressLine',
  street: 'addressLine',
  houseNumber: 'houseNumber',
  addressAddition: 'addressLine',
  zip: 'postalCode',
  city: 'addressLine',
};

/** Reads an address form; every value trimmed. */
export function readAddress(form: FormData): AddressValues {
  return Object.fromEntries(
    addressFormFields.map((field) => [field, textOf(form, field)]),
  ) as AddressValues;
}

/**
 * The address of a request (without id) from a form, in the edition's country, empty optional
 * lines and an empty house number left out; the contract's schema checks it (and requires the
 * house number where the country writes it apart).
 */
export function addressBody(values: AddressValues, edition: EditionCode) {
  return {
    salutation: values.salutation as 'mr' | 'ms' | 'diverse',
    firstName: values.firstName,
    lastName: values.lastName,
    ...(values.company === '' ? {} : { company: values.company }),
    street: values.street,
    // A form of a country that writes street and number as one line has no house number field.
    ...(values.houseNumber === '' ? {} : { houseNumber: values.houseNumber }),
    ...(values.addressAddition === '' ? {} : { addressAddition: values.addressAddition }),
    zip: values.zip,
    city: values.city,
    country: edition,
  };
}

/** An IBAN as people read it, in groups of four (`DE89 3704 0044 0532 0130 00`). */
export function readableIban(value: string): string {
  return friendlyFormatIBAN(value) ?? value;
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

/** Whether a set of errors is empty. */
export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}
