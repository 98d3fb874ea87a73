/**
 * VAT identification numbers of the EU member states (the seller of a business trade-in). Apart
 * from the other schemas because the check-digit rules of 27 countries (jsvat, about 4 kB gzip)
 * are heavy: a browser bundle pays for them only where it checks a business checkout.
 */
import {
  austria,
  belgium,
  bulgaria,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
  type Country,
} from 'jsvat';
import * as z from 'zod/mini';
import { pure } from './pure.ts';

/**
 * The VAT prefix of each EU member state and jsvat's rules for it. Greece writes EL, not its ISO
 * code GR. Northern Ireland's XI numbers are not here: jsvat 2.5 knows no XI rules.
 */
const memberStates: Readonly<Record<string, Country>> = {
  AT: austria,
  BE: belgium,
  BG: bulgaria,
  CY: cyprus,
  CZ: czechRepublic,
  DE: germany,
  DK: denmark,
  EE: estonia,
  EL: greece,
  ES: spain,
  FI: finland,
  FR: france,
  HR: croatia,
  HU: hungary,
  IE: ireland,
  IT: italy,
  LT: lithuania,
  LU: luxembourg,
  LV: latvia,
  MT: malta,
  NL: netherlands,
  PL: poland,
  PT: portugal,
  RO: romania,
  SE: sweden,
  SI: slovenia,
  SK: slovakiaRepublic,
};

/** The VAT prefixes of the EU member states, `AT` … `SK` (Greece: `EL`). */
export const vatIdPrefixes: readonly string[] = /* @__PURE__ */ pure(() =>
  Object.keys(memberStates),
);

/**
 * Longest VAT ID as typed: the longest normalised one has 14 characters (the Netherlands,
 * Sweden), and a typed one may carry spaces, dots and dashes.
 */
const maxTypedVatIdLength = 32;

/**
 * A typed VAT ID in the form the API carries: upper case, without spaces, dots, dashes or
 * slashes (`de 123.456.789` → `DE123456789`). Anything else is left, so validation names it.
 */
export function normalizeVatId(vatId: string): string {
  return vatId.toUpperCase().replace(/[\s./-]+/g, '');
}

/**
 * What is wrong with a normalised VAT ID: no EU country prefix, not the length and characters of
 * its country, or check digits that do not match.
 */
export type VatIdProblem = 'vatIdCountry' | 'vatIdFormat' | 'vatIdCheckDigits';

/** The verdict on a normalised VAT ID: its country prefix, and the problem if it is not valid. */
export interface VatIdVerdict {
  /** The member state's VAT prefix (`DE`), undefined when the ID starts with none. */
  readonly prefix: string | undefined;
  readonly problem: VatIdProblem | undefined;
}

/** Checks a normalised VAT ID: an EU prefix, its country's format, its check digits. */
export function checkVatId(vatId: string): VatIdVerdict {
  const prefix = vatId.slice(0, 2);
  const country = memberStates[prefix];
  if (country === undefined) return { prefix: undefined, problem: 'vatIdCountry' };
  // Only this country's rules: jsvat's optional prefix in its patterns must not let a number
  // of another format pass.
  const result = checkVAT(vatId, [country]);
  if (result.isValid) return { prefix, problem: undefined };
  return { prefix, problem: result.isValidFormat ? 'vatIdCheckDigits' : 'vatIdFormat' };
}

/** English sentences of the problems, for the API's 400 (forms show their own translation). */
const problemMessages: Readonly<Record<VatIdProblem, (prefix: string) => string>> = {
  vatIdCountry: () =>
    `VAT ID must start with the code of an EU member state (${vatIdPrefixes.join(', ')})`,
  vatIdFormat: (prefix) => `VAT ID does not have the length and characters of ${prefix}`,
  vatIdCheckDigits: (prefix) => `VAT ID check digits do not match (${prefix})`,
};

/**
 * A VAT ID of an EU member state with the check digits of its country, checked in normalised
 * form ({@link normalizeVatId}), so `de 123 456 789` passes as `DE123456789`. A refusal names
 * why in `params.reason` ({@link VatIdProblem}).
 */
export const vatIdSchema = /* @__PURE__ */ pure(() =>
  z.string().check(
    z.maxLength(maxTypedVatIdLength, `VAT ID is at most ${maxTypedVatIdLength} characters`),
    z.superRefine((vatId, context) => {
      const { prefix, problem } = checkVatId(normalizeVatId(vatId));
      if (problem === undefined) return;
      context.addIssue({
        code: 'custom',
        message: problemMessages[problem](prefix ?? ''),
        input: vatId,
        params: { reason: problem },
      });
    }),
  ),
);
