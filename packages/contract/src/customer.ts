import { editionCodeSchema, getClientEdition, isValidPostalCode } from '@tradein/editions/client';
import * as z from 'zod/mini';
import {
  centsSchema,
  containsWebAddress,
  customerIdSchema,
  customerNumberSchema,
  emailSchema,
  idSchema,
  isoDateTimeSchema,
  localeSchema,
  maxTextFieldLength,
  offerIdSchema,
  personNameSchema,
  storedNameSchema,
  textLineChecks,
} from './primitives.ts';
import { pure } from './pure.ts';

/** Collections of the customer API whose records can be referenced by IRI. */
export type CustomerCollection =
  | 'addresses'
  | 'bank_accounts'
  | 'customer_payment_accounts'
  | 'customers'
  | 'paypal_accounts'
  | 'people'
  | 'phone_contacts';

/** The IRI of a customer-API record, e.g. `/api/customers/addresses/12`. */
export function customerResourceIri(collection: CustomerCollection, id: number | string): string {
  return `/api/customers/${collection}/${id}`;
}

/** Validates the IRI of a record in one collection. */
function iriSchema(collection: CustomerCollection) {
  return z
    .string()
    .check(
      z.regex(
        new RegExp(`^/api/customers/${collection}/[A-Za-z0-9-]{1,64}$`),
        `Expected an IRI like /api/customers/${collection}/{id}`,
      ),
    );
}

/** A reference to a record: its IRI or its numeric id. */
/** A reference to one of a customer's resources, by IRI. */
export function referenceSchema(collection: CustomerCollection) {
  return z.union([iriSchema(collection), idSchema]);
}

/** Short free text of a stored address line: 1–100 characters, not blank. */
const storedAddressLineSchema = /* @__PURE__ */ pure(() =>
  z.string().check(
    z.maxLength(maxTextFieldLength, `Must be at most ${maxTextFieldLength} characters`),
    z.refine((line) => line.trim().length > 0, 'Must not be empty'),
  ),
);

/** Optional free text of a stored address (company, address addition): at most 100 characters. */
function storedOptionalLineSchema(label: string) {
  return z.optional(
    z
      .string()
      .check(
        z.maxLength(
          maxTextFieldLength,
          `${label} must be at most ${maxTextFieldLength} characters`,
        ),
      ),
  );
}

/**
 * A line of an address as a request sends it (street, city, company, address addition): at most
 * 100 characters, one line of text, and no web or mail address, since the line is printed on
 * the shipping label. `required` lines must not be blank.
 */
function addressLineSchema(label: string, required: boolean) {
  return z.string().check(
    z.maxLength(maxTextFieldLength, `${label} must be at most ${maxTextFieldLength} characters`),
    z.refine((line) => !required || line.trim().length > 0, `${label} must not be empty`),
    ...textLineChecks(label),
    z.refine((line) => !containsWebAddress(line), `${label} must not contain a web address`),
  );
}

/** How a person is addressed in letters. */
export const salutationSchema = /* @__PURE__ */ pure(() => z.enum(['mr', 'ms', 'diverse']));
export type Salutation = z.infer<typeof salutationSchema>;

/**
 * Fields of a stored postal address except its id; `country` is the edition the address lies
 * in. Names and lines keep the rules they were accepted under (answers read back old records).
 */
const storedAddressFields = /* @__PURE__ */ pure(() => ({
  salutation: salutationSchema,
  firstName: storedNameSchema,
  lastName: storedNameSchema,
  company: storedOptionalLineSchema('Company'),
  street: storedAddressLineSchema,
  // Absent where the country writes street and number as one line (`streetForm: 'oneLine'`);
  // addresses stored before that keep theirs.
  houseNumber: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^[0-9A-Za-z][0-9A-Za-z /.-]{0,19}$/,
          'House number must be 1–20 characters starting with a letter or digit',
        ),
      ),
  ),
  addressAddition: storedOptionalLineSchema('Address addition'),
  zip: z
    .string()
    .check(
      z.maxLength(10, 'Postal code must be at most 10 characters'),
      ...textLineChecks('Postal code'),
    ),
  city: storedAddressLineSchema,
  country: editionCodeSchema,
}));

/**
 * Fields of a postal address as a request sends it: names as names, lines as single lines of
 * text without web addresses (the address is printed on the shipping label).
 */
const addressInputFields = /* @__PURE__ */ pure(() => ({
  ...storedAddressFields,
  firstName: personNameSchema,
  lastName: personNameSchema,
  company: z.optional(addressLineSchema('Company', false)),
  street: addressLineSchema('Street', true),
  addressAddition: z.optional(addressLineSchema('Address addition', false)),
  city: addressLineSchema('City', true),
}));

/** Postal codes follow the rule of the address's country (§5). */
const postalCodeMatchesCountry = /* @__PURE__ */ pure(() =>
  z.superRefine((address: { zip: string; country: string }, context) => {
    const country = editionCodeSchema.safeParse(address.country);
    if (country.success && !isValidPostalCode(country.data, address.zip)) {
      context.addIssue({
        code: 'custom',
        path: ['zip'],
        message: `Postal code "${address.zip}" is not valid in ${address.country}`,
        input: address.zip,
      });
    }
  }),
);

/**
 * Where the country writes the house number in a field of its own (`streetForm:
 * 'streetAndHouseNumber'`, Germany and Austria), a new address must have one. Where street and
 * number are one line (France, Spain, Italy) the line is only required to be there: not every
 * address has a number ("Lieu-dit Les Granges").
 */
const houseNumberWhereSeparate = /* @__PURE__ */ pure(() =>
  z.superRefine((address: { houseNumber?: string | undefined; country: string }, context) => {
    const country = editionCodeSchema.safeParse(address.country);
    if (
      country.success &&
      getClientEdition(country.data).streetForm === 'streetAndHouseNumber' &&
      address.houseNumber === undefined
    ) {
      context.addIssue({
        code: 'custom',
        path: ['houseNumber'],
        message: `House number is required in ${address.country}`,
        input: address.houseNumber,
      });
    }
  }),
);

/** A stored postal address of the customer. */
export const addressSchema = /* @__PURE__ */ pure(() =>
  z.object({ id: idSchema, ...storedAddressFields }).check(postalCodeMatchesCountry),
);
export type Address = z.infer<typeof addressSchema>;

/** A postal address as a form submits it (no id yet): registration, checkout, people. */
export const addressInputSchema = /* @__PURE__ */ pure(() =>
  z.object(addressInputFields).check(postalCodeMatchesCountry, houseNumberWhereSeparate),
);
export type AddressInput = z.infer<typeof addressInputSchema>;

/** Body of `PATCH /api/customers/addresses`: with `id` updates that address, without adds one. */
export const addressPatchSchema = /* @__PURE__ */ pure(() =>
  z
    .object({ id: z.optional(idSchema), ...addressInputFields })
    .check(postalCodeMatchesCountry, houseNumberWhereSeparate),
);

/**
 * A phone number in international form: `+`, country code and number, 7–15 digits in all
 * (E.164), with single spaces or hyphens allowed between digits as people type them.
 */
export const phoneNumberSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(
      z.regex(
        /^\+[1-9](?:[ -]?[0-9]){6,14}$/,
        'Phone number must be international, like +49 170 1234567',
      ),
    ),
);

/** What kind of line a phone number is. */
const phoneTypeSchema = /* @__PURE__ */ pure(() => z.enum(['mobile', 'landline']));

/** A stored phone contact of the customer. */
export const phoneContactSchema = /* @__PURE__ */ pure(() =>
  z.object({
    id: idSchema,
    phone: phoneNumberSchema,
    type: phoneTypeSchema,
  }),
);
export type PhoneContact = z.infer<typeof phoneContactSchema>;

/** Body of `POST /api/customers/phone_contacts`. */
export const phoneContactInputSchema = /* @__PURE__ */ pure(() =>
  z.object({
    phone: phoneNumberSchema,
    type: phoneTypeSchema,
  }),
);

/** The IRI of a person record. */
const peopleIriSchema = /* @__PURE__ */ pure(() => iriSchema('people'));
/** The IRI of a customer record. */
const customerIriSchema = /* @__PURE__ */ pure(() => iriSchema('customers'));

/**
 * Body of `PATCH /api/customers/people` (§7): sets the address of the customer's person record,
 * either as a new address or as a reference to a stored one.
 */
export const peoplePatchSchema = /* @__PURE__ */ pure(() =>
  z.object({
    address: z.union([addressInputSchema, referenceSchema('addresses')]),
    peopleIri: peopleIriSchema,
    customerIri: customerIriSchema,
  }),
);

/** A person record of the customer: the name and current address used on a trade. */
export const peopleSchema = /* @__PURE__ */ pure(() =>
  z.object({
    id: idSchema,
    salutation: salutationSchema,
    firstName: storedNameSchema,
    lastName: storedNameSchema,
    address: z.nullable(addressSchema),
    customer: customerIriSchema,
  }),
);
export type People = z.infer<typeof peopleSchema>;

/** The logged-in customer (`GET /api/customers/customers`). */
export const customerSchema = /* @__PURE__ */ pure(() =>
  z.object({
    id: customerIdSchema,
    iri: customerIriSchema,
    peopleIri: peopleIriSchema,
    customerNumber: customerNumberSchema,
    email: emailSchema,
    firstName: storedNameSchema,
    lastName: storedNameSchema,
    company: z.nullable(
      z
        .string()
        .check(
          z.maxLength(
            maxTextFieldLength,
            `Company must be at most ${maxTextFieldLength} characters`,
          ),
        ),
    ),
    locale: localeSchema,
    isGuest: z.boolean(),
    createdAt: isoDateTimeSchema,
  }),
);
export type Customer = z.infer<typeof customerSchema>;

/** Body of `POST /api/customers/guest_account_number`: who the guest is. */
export const guestAccountRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({
    email: emailSchema,
    firstName: personNameSchema,
    lastName: personNameSchema,
    locale: localeSchema,
  }),
);
export type GuestAccountRequest = z.infer<typeof guestAccountRequestSchema>;

/** Answer of `POST /api/customers/guest_account_number`: the number a guest trade is booked on. */
export const guestAccountNumberSchema = /* @__PURE__ */ pure(() =>
  z.object({
    accountNumber: customerNumberSchema,
    customerIri: customerIriSchema,
  }),
);

/** Trade lifecycle (design card): created → received → inspected → (clarification → accepted | returned) → paid. */
export const tradeStatusSchema = /* @__PURE__ */ pure(() =>
  z.enum(['created', 'received', 'inspected', 'clarification', 'accepted', 'returned', 'paid']),
);
export type TradeStatus = z.infer<typeof tradeStatusSchema>;

/** One device of a trade, with the offer it was traded at. */
const tradeDeviceSchema = /* @__PURE__ */ pure(() =>
  z.object({
    deviceId: idSchema,
    offerId: offerIdSchema,
    name: z.string().check(z.minLength(1, 'Device name must not be empty'), z.maxLength(200)),
    price: centsSchema,
    quantity: z.int().check(z.minimum(1, 'Quantity must be at least 1')),
  }),
);

/** One trade in the customer's trade history (`GET /api/customers/trade_history`), newest first. */
export const tradeHistoryEntrySchema = /* @__PURE__ */ pure(() =>
  z.object({
    tradeId: idSchema,
    tradeNumber: z
      .string()
      .check(z.regex(/^[A-Za-z0-9-]{1,32}$/, 'Trade number must be 1–32 letters, digits or "-"')),
    createdAt: isoDateTimeSchema,
    status: tradeStatusSchema,
    total: centsSchema,
    devices: z.array(tradeDeviceSchema).check(z.minLength(1, 'A trade has at least one device')),
  }),
);
export type TradeHistoryEntry = z.infer<typeof tradeHistoryEntrySchema>;
