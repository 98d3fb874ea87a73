import * as z from 'zod/mini';
import { pure } from './pure.ts';

/** A numeric id of a stored record (catalogue entries, customer records, trades): a positive integer. */
export const idSchema = /* @__PURE__ */ pure(() =>
  z.int().check(z.positive('Id must be a positive integer')),
);
export type Id = z.infer<typeof idSchema>;

/**
 * A url slug of the catalogue: lower-case ASCII letters and digits in hyphen-separated words.
 * Slugs are ASCII so that the same slug is typed, linked and indexed alike in every edition.
 */
export const slugSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(
      z.maxLength(200, 'Url slug must be at most 200 characters'),
      z.regex(
        /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
        'Url slug must be lower-case letters and digits separated by single hyphens',
      ),
    ),
);
export type Slug = z.infer<typeof slugSchema>;

/** An e-mail address, at most 254 characters (the SMTP limit). */
export const emailSchema = /* @__PURE__ */ pure(() =>
  z
    .email('Email address is not valid')
    .check(z.maxLength(254, 'Email address must be at most 254 characters')),
);

/** An e-mail address that is already lower-case, as registration sends it (§5). */
export const lowercaseEmailSchema = /* @__PURE__ */ pure(() =>
  emailSchema.check(
    z.refine((email) => email === email.toLowerCase(), 'Email address must be lower-case'),
  ),
);

/** The longest a name or a line of free text (company, address line) may be, in characters. */
export const maxTextFieldLength = 100;

/** A human name part (first name, last name, account holder): 1–100 characters, not blank. */
export const personNameSchema = /* @__PURE__ */ pure(() =>
  z.string().check(
    z.maxLength(maxTextFieldLength, `Name must be at most ${maxTextFieldLength} characters`),
    z.refine((name) => name.trim().length > 0, 'Name must not be empty'),
  ),
);

/** A money amount in integer euro cents (trade totals, offer prices, tracking revenue). */
export const centsSchema = /* @__PURE__ */ pure(() =>
  z.int().check(z.nonnegative('Amount must not be negative')),
);

/** A point in time as milliseconds since the epoch (cart and token expiry). */
export const epochMillisecondsSchema = /* @__PURE__ */ pure(() =>
  z.int().check(z.nonnegative('Time must not be negative')),
);

/** An ISO 8601 date-time with offset, e.g. `2024-05-01T12:00:00Z`. */
export const isoDateTimeSchema = /* @__PURE__ */ pure(() =>
  z.iso.datetime({
    offset: true,
    error: 'Expected an ISO date-time',
  }),
);

/** An offer id issued by the trade API when it prices a device. */
export const offerIdSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Offer id must be 1–64 letters, digits, "-" or "_"')),
);
export type OfferId = z.infer<typeof offerIdSchema>;

/** A customer number as printed on letters and shown in the account (also a guest account number). */
export const customerNumberSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(z.regex(/^[A-Za-z0-9-]{1,32}$/, 'Customer number must be 1–32 letters, digits or "-"')),
);

/** The customer id: the subject claim of the access token (§4). */
export const customerIdSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'Customer id must be 1–64 letters, digits or "-"')),
);

/** The interface languages of the editions (Austria speaks German). */
export const languageSchema = /* @__PURE__ */ pure(() => z.enum(['de', 'es', 'fr', 'it']));
export type Language = z.infer<typeof languageSchema>;

/** A locale tag as stored with a customer: a language, optionally with a region (`de`, `de-AT`). */
export const localeSchema = /* @__PURE__ */ pure(() =>
  z.string().check(z.regex(/^[a-z]{2}(?:-[A-Z]{2})?$/, 'Locale must look like "de" or "de-AT"')),
);

/** A voucher code as printed on vouchers. */
export const voucherCodeSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(z.regex(/^[A-Za-z0-9-]{1,40}$/, 'Voucher code must be 1–40 letters, digits or "-"')),
);

/** The answer of calls that change something and return no data. */
export const okResponseSchema = /* @__PURE__ */ pure(() => z.object({ ok: z.literal(true) }));
export type OkResponse = z.infer<typeof okResponseSchema>;

/** The request body of calls that carry no body (GET, DELETE and header-only POSTs). */
export const emptyBodySchema = /* @__PURE__ */ pure(() => z.object({}));
