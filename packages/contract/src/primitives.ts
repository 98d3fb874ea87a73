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

/**
 * Whether a text holds half of a UTF-16 surrogate pair on its own, which no encoding can carry
 * (UTF-8 turns it into U+FFFD, so two different texts would be stored alike).
 */
function hasLoneSurrogate(text: string): boolean {
  // The same as `!text.isWellFormed()`, which is ES2024: the contract also runs in the widget,
  // whose browsers (ES2022) may lack it.
  return /\p{Cs}/u.test(text);
}

/** Whether a text holds a control character (NUL, escape, …) or a line or paragraph break. */
function breaksLine(text: string): boolean {
  return /[\p{Cc}\p{Zl}\p{Zp}]/u.test(text);
}

/** Whether a text holds a control character other than tab, line feed and carriage return. */
function hasControlCharacter(text: string): boolean {
  return /(?![\t\n\r])\p{Cc}/u.test(text);
}

/**
 * The checks every one-line text field of a request carries: no control characters and no line
 * breaks (a NUL or a line feed in a name would end up in logs, mail headers and label lines),
 * and well-formed Unicode. `label` names the field in the messages.
 */
export function textLineChecks(label: string) {
  return [
    z.refine<string>(
      (text) => !breaksLine(text),
      `${label} must be one line of text without control characters`,
    ),
    z.refine<string>(
      (text) => !hasLoneSurrogate(text),
      `${label} must be well-formed Unicode text`,
    ),
  ];
}

/**
 * The checks of a text of several lines (a message): tab, line feed and carriage return are
 * allowed (a form sends a textarea's line breaks as CR LF), every other control character is
 * not, and the text must be well-formed Unicode.
 */
export function multiLineTextChecks(label: string) {
  return [
    z.refine<string>(
      (text) => !hasControlCharacter(text),
      `${label} must be plain text without control characters`,
    ),
    z.refine<string>(
      (text) => !hasLoneSurrogate(text),
      `${label} must be well-formed Unicode text`,
    ),
  ];
}

/**
 * Whether a text names a web or mail address (`http://`, `www.`, `@`): printed on a label or in
 * a mail, it would be an advertisement sent in our name.
 */
export function containsWebAddress(text: string): boolean {
  return /:\/\/|@|(?:^|[^\p{L}\p{N}])www\./iu.test(text);
}

/**
 * Whether a text has a dot directly followed by two letters (`evil.example`, `shop.com`): how a
 * domain name looks, and never how a name does (initials are `J. R.` or `J.R.`).
 */
function looksLikeDomain(text: string): boolean {
  return /\.[\p{L}\p{M}]{2}/u.test(text);
}

/**
 * Whether a text is made of the characters of people's names, with at least one letter:
 * letters and combining marks of any script, spaces, apostrophes (' and ’), hyphens and dots.
 * No digits and nothing of a web address (`:`, `/`, `@`). A blank text passes (it has its own
 * message).
 */
function isPersonNameText(text: string): boolean {
  if (text.trim() === '') return true;
  return /^[\p{L}\p{M} '’.\u2010-]+$/u.test(text) && /\p{L}/u.test(text) && !looksLikeDomain(text);
}

/**
 * Whether a text may name an account holder: a person or a company, so besides the characters
 * of names also digits, `&`, `,` and parentheses (`1&1 Versatel GmbH`, `Müller & Söhne (KG)`).
 */
function isHolderNameText(text: string): boolean {
  if (text.trim() === '') return true;
  return (
    /^[\p{L}\p{M}\p{N} '’.,&()\u2010-]+$/u.test(text) &&
    /\p{L}/u.test(text) &&
    !looksLikeDomain(text)
  );
}

/**
 * A person's name as a request carries it (first name, last name, a contact's sender name):
 * 1–100 characters, not blank, one line, and only the characters of names
 * ({@link isPersonNameText}): "Visit http://evil.example" is not a name.
 */
export const personNameSchema = /* @__PURE__ */ pure(() =>
  z.string().check(
    z.maxLength(maxTextFieldLength, `Name must be at most ${maxTextFieldLength} characters`),
    z.refine((name) => name.trim().length > 0, 'Name must not be empty'),
    ...textLineChecks('Name'),
    z.refine(
      isPersonNameText,
      'Name may contain only letters, spaces, apostrophes, hyphens and dots, and no web address',
    ),
  ),
);

/**
 * The holder of a bank account: a person or, for a business sale, a company. 1–100 characters,
 * not blank, one line, the characters of {@link isHolderNameText}.
 */
export const accountHolderSchema = /* @__PURE__ */ pure(() =>
  z.string().check(
    z.maxLength(
      maxTextFieldLength,
      `Account holder must be at most ${maxTextFieldLength} characters`,
    ),
    z.refine((name) => name.trim().length > 0, 'Account holder must not be empty'),
    ...textLineChecks('Account holder'),
    z.refine(
      isHolderNameText,
      "Account holder may contain only letters, digits, spaces and ' ’ - . , & ( ), and no web address",
    ),
  ),
);

/**
 * A name as answers carry it from a stored record (customer, address, bank account): 1–100
 * characters, not blank. Records may predate the rules of {@link personNameSchema}, and an
 * answer must still read back what was accepted then.
 */
export const storedNameSchema = /* @__PURE__ */ pure(() =>
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
