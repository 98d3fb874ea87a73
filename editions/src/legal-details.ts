import * as z from 'zod/mini';
import englishLocale from 'zod/v4/locales/en.js';
import { editionCodes, editionCodeSchema } from './edition-code.ts';
import type { EditionCode } from './edition-code.ts';
import type { EditionConfig } from './edition-config-schema.ts';
import { getEdition } from './editions.ts';
import { legalDetailsOverrideSchema } from './legal-details-schema.ts';
import type {
  LegalDetailsOverride,
  MaybePlaceholder,
  OpeningHours,
} from './legal-details-schema.ts';

/** The imprint of an edition as its pages show it. */
export interface Imprint {
  readonly companyName: string;
  readonly streetAddress: string;
  readonly postalCode: string;
  readonly city: string;
  /** ISO 3166-1 code. */
  readonly country: string;
  readonly registerCourt: string;
  readonly registerNumber: string;
  readonly vatId: string;
  readonly managingDirectors: readonly string[];
  readonly email: string;
  /** E.164, e.g. `+493012345678`. */
  readonly phone: string;
}

/** How to reach a service team by phone, and when. */
export interface ServiceHours {
  /** E.164, e.g. `+493012345678`. */
  readonly phone: string;
  readonly hours: OpeningHours;
}

/** The legal and contact details of an edition, operator's values applied. */
export interface LegalDetails {
  readonly imprint: Imprint;
  readonly contact: ServiceHours & {
    /** The B2B partner team's, where the edition has one and configures them. */
    readonly b2bpartner?: Partial<ServiceHours>;
  };
  /** Paths of the fields that still hold a development placeholder (`imprint.vatId`, …). */
  readonly placeholders: readonly string[];
}

/** The operator's values, by edition (the `LEGAL_DETAILS_FILE`). */
export type LegalDetailsFile = Partial<Record<EditionCode, LegalDetailsOverride>>;

const legalDetailsFileSchema = z.partialRecord(editionCodeSchema, legalDetailsOverrideSchema);

const englishMessages = englishLocale();

function isPlaceholder<T>(value: MaybePlaceholder<T>): value is { placeholder: T } {
  return typeof value === 'object' && value !== null && 'placeholder' in value;
}

/**
 * Picks the value of one field: the operator's when given, else the configuration's, whose
 * placeholder is unwrapped and its path recorded.
 */
function pick<T>(
  path: string,
  configured: MaybePlaceholder<T>,
  given: T | undefined,
  placeholders: string[],
): T {
  if (given !== undefined) return given;
  if (isPlaceholder(configured)) {
    placeholders.push(path);
    return configured.placeholder;
  }
  // Not a placeholder: the value itself (a value is never an object with `placeholder`).
  return configured as T;
}

/** An edition's legal and contact details with the operator's values applied. */
export function resolveLegalDetails(
  config: Pick<EditionConfig, 'imprint' | 'contact'>,
  given: LegalDetailsOverride = {},
): LegalDetails {
  const placeholders: string[] = [];
  const imprintGiven = given.imprint ?? {};
  const field = (key: Exclude<keyof Imprint, 'managingDirectors'>): string =>
    pick(`imprint.${key}`, config.imprint[key], imprintGiven[key], placeholders);
  const imprint: Imprint = {
    companyName: field('companyName'),
    streetAddress: field('streetAddress'),
    postalCode: field('postalCode'),
    city: field('city'),
    country: field('country'),
    registerCourt: field('registerCourt'),
    registerNumber: field('registerNumber'),
    vatId: field('vatId'),
    managingDirectors: pick(
      'imprint.managingDirectors',
      config.imprint.managingDirectors,
      imprintGiven.managingDirectors,
      placeholders,
    ),
    email: field('email'),
    phone: field('phone'),
  };
  const contactGiven = given.contact ?? {};
  const partner = config.contact.b2bpartner;
  const partnerGiven = contactGiven.b2bpartner ?? {};
  const partnerPhone =
    partner?.phone === undefined
      ? partnerGiven.phone
      : pick('contact.b2bpartner.phone', partner.phone, partnerGiven.phone, placeholders);
  const partnerHours =
    partner?.hours === undefined
      ? partnerGiven.hours
      : pick('contact.b2bpartner.hours', partner.hours, partnerGiven.hours, placeholders);
  return {
    imprint,
    contact: {
      phone: pick('contact.phone', config.contact.phone, contactGiven.phone, placeholders),
      hours: pick('contact.hours', config.contact.hours, contactGiven.hours, placeholders),
      ...(partner === undefined
        ? {}
        : {
            b2bpartner: {
              ...(partnerPhone === undefined ? {} : { phone: partnerPhone }),
              ...(partnerHours === undefined ? {} : { hours: partnerHours }),
            },
          }),
    },
    placeholders,
  };
}

/**
 * Parses the text of an operator's legal details file (JSON, by edition code). Throws an error
 * naming the file and every wrong field (`de.imprint.vatId`), or that it is not JSON.
 */
export function parseLegalDetailsFile(text: string, fileName: string): LegalDetailsFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `invalid legal details file ${fileName}: not JSON (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  const result = legalDetailsFileSchema.safeParse(json, { error: englishMessages.localeError });
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `- ${issue.path.map(String).join('.') || '(file)'}: ${issue.message}`,
    );
    throw new Error(`invalid legal details file ${fileName}:\n${problems.join('\n')}`, {
      cause: result.error.issues,
    });
  }
  return result.data;
}

/** Every edition's legal and contact details, the operator's file (if any) applied. */
export function legalDetailsByEdition(
  file: LegalDetailsFile = {},
): Readonly<Record<EditionCode, LegalDetails>> {
  const entries = editionCodes.map((code) => {
    const config = getEdition(code);
    const given = file[code];
    if (given?.contact?.b2bpartner !== undefined && config.contact.b2bpartner === undefined) {
      throw new Error(
        `invalid legal details: ${code}.contact.b2bpartner is set, but edition ${code} has no B2B partner contact`,
      );
    }
    return [code, resolveLegalDetails(config, given)] as const;
  });
  return Object.fromEntries(entries) as Record<EditionCode, LegalDetails>;
}

/** One line per field that still holds a placeholder: `edition de: imprint.vatId is a placeholder`. */
export function placeholderProblems(
  details: Readonly<Record<EditionCode, LegalDetails>>,
): string[] {
  return editionCodes.flatMap((code) =>
    details[code].placeholders.map((path) => `edition ${code}: ${path} is a placeholder`),
  );
}
