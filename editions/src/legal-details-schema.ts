import * as z from 'zod/mini';

/*
 * The legal and contact details of an edition: the imprint (who runs the shop) and the phone
 * number and opening hours of its service team. The edition configurations hold development
 * values, each marked as a placeholder (`{ placeholder: value }`); an operator replaces them
 * with a file (`LEGAL_DETAILS_FILE`, see legal-details.ts), and a production start refuses any
 * placeholder that is left (docs/editions.md, "Legal and contact details").
 */

const text = z.string().check(z.trim(), z.minLength(1));

/** Days of the week in ISO order (Monday first), as opening hours name them. */
export const weekdays = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

/** One day of {@link weekdays}. */
export type Weekday = (typeof weekdays)[number];

const time = z
  .string()
  .check(z.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day like 09:00'));

/** An international phone number in E.164 form: digits after a plus, no spaces. */
const phoneNumberSchema = z
  .string()
  .check(z.regex(/^\+[1-9]\d{6,14}$/, 'must be an international number like +493012345678'));

const openingPeriodSchema = z
  .strictObject({
    /** First day of the range. */
    from: z.enum(weekdays),
    /** Last day of the range (the same day for a single day). */
    to: z.enum(weekdays),
    opens: time,
    closes: time,
  })
  .check(
    z.refine((period) => weekdays.indexOf(period.from) <= weekdays.indexOf(period.to), {
      message: 'from must not come after to in the week (Monday first)',
      path: ['to'],
    }),
    z.refine((period) => period.opens < period.closes, {
      message: 'must close after it opens',
      path: ['closes'],
    }),
  );

/** Opening hours: day ranges with the time they open and close, in the edition's time zone. */
export const openingHoursSchema = z.array(openingPeriodSchema).check(
  z.minLength(1),
  z.refine((periods) => {
    const days = periods.flatMap((period) =>
      weekdays.slice(weekdays.indexOf(period.from), weekdays.indexOf(period.to) + 1),
    );
    return new Set(days).size === days.length;
  }, 'a day must not be in two periods'),
);

/** Opening hours, parsed. */
export type OpeningHours = z.infer<typeof openingHoursSchema>;

/** The imprint's fields, with the values an operator gives for production. */
const imprintFieldSchemas = {
  /** Company name with its legal form ("tradein GmbH"). */
  companyName: text,
  streetAddress: text,
  postalCode: text,
  city: text,
  /** ISO 3166-1 country code of the address; the page shows its name in the page's language. */
  country: z.string().check(z.regex(/^[A-Z]{2}$/, 'must be a country code like DE')),
  /** Court or registry that keeps the company register (Amtsgericht, Handelsgericht, RCS, …). */
  registerCourt: text,
  /** Entry in that register (HRB, FN, SIREN, REA, hoja registral, …). */
  registerNumber: text,
  /** VAT identification number (USt-IdNr., UID, NIF-IVA, TVA, Partita IVA). */
  vatId: text,
  managingDirectors: z.array(text).check(z.minLength(1)),
  email: z.email(),
  phone: phoneNumberSchema,
};

/** A development value: shown outside production, refused by a production start. */
export interface Placeholder<T> {
  readonly placeholder: T;
}

/** A value or a {@link Placeholder} of it. */
export type MaybePlaceholder<T> = T | Placeholder<T>;

function placeholderable<T extends z.ZodMiniType>(schema: T) {
  return z.union([schema, z.strictObject({ placeholder: schema })]);
}

/** The imprint as an edition configuration holds it: each field may be a placeholder. */
export const imprintConfigSchema = z.strictObject({
  companyName: placeholderable(imprintFieldSchemas.companyName),
  streetAddress: placeholderable(imprintFieldSchemas.streetAddress),
  postalCode: placeholderable(imprintFieldSchemas.postalCode),
  city: placeholderable(imprintFieldSchemas.city),
  country: placeholderable(imprintFieldSchemas.country),
  registerCourt: placeholderable(imprintFieldSchemas.registerCourt),
  registerNumber: placeholderable(imprintFieldSchemas.registerNumber),
  vatId: placeholderable(imprintFieldSchemas.vatId),
  managingDirectors: placeholderable(imprintFieldSchemas.managingDirectors),
  email: placeholderable(imprintFieldSchemas.email),
  phone: placeholderable(imprintFieldSchemas.phone),
});

/** The phone and opening hours of a service team, as an edition configuration holds them. */
export const serviceHoursConfigFields = {
  phone: placeholderable(phoneNumberSchema),
  hours: placeholderable(openingHoursSchema),
};

/** The same for the B2B partner contact: both optional (the page then shows the consumer's). */
export const partnerServiceHoursConfigFields = {
  phone: z.optional(placeholderable(phoneNumberSchema)),
  hours: z.optional(placeholderable(openingHoursSchema)),
};

const imprintOverrideSchema = z.strictObject({
  companyName: z.optional(imprintFieldSchemas.companyName),
  streetAddress: z.optional(imprintFieldSchemas.streetAddress),
  postalCode: z.optional(imprintFieldSchemas.postalCode),
  city: z.optional(imprintFieldSchemas.city),
  country: z.optional(imprintFieldSchemas.country),
  registerCourt: z.optional(imprintFieldSchemas.registerCourt),
  registerNumber: z.optional(imprintFieldSchemas.registerNumber),
  vatId: z.optional(imprintFieldSchemas.vatId),
  managingDirectors: z.optional(imprintFieldSchemas.managingDirectors),
  email: z.optional(imprintFieldSchemas.email),
  phone: z.optional(imprintFieldSchemas.phone),
});

const serviceHoursOverrideSchema = z.strictObject({
  phone: z.optional(phoneNumberSchema),
  hours: z.optional(openingHoursSchema),
});

/** What an operator's file may set for one edition; every field optional, none unknown. */
export const legalDetailsOverrideSchema = z.strictObject({
  imprint: z.optional(imprintOverrideSchema),
  contact: z.optional(
    z.strictObject({
      phone: z.optional(phoneNumberSchema),
      hours: z.optional(openingHoursSchema),
      b2bpartner: z.optional(serviceHoursOverrideSchema),
    }),
  ),
});

/** The operator's values for one edition. */
export type LegalDetailsOverride = z.infer<typeof legalDetailsOverrideSchema>;
