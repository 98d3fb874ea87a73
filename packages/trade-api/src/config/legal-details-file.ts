import { readFileSync } from 'node:fs';
import {
  legalDetailsByEdition,
  parseLegalDetailsFile,
  placeholderProblems,
  type EditionCode,
  type LegalDetails,
} from '@tradein/editions';

/**
 * Reads the editions' legal and contact details (imprint, service phone and hours) with the
 * operator's file applied: `LEGAL_DETAILS_FILE` names a JSON file of real values by edition
 * (docs/editions.md, "Legal and contact details"). Throws naming the file and the field of any
 * mistake; with `NODE_ENV=production` also while any field is still a development placeholder,
 * one line per field (`edition de: imprint.registerNumber is a placeholder`).
 */
export function readLegalDetails(
  environment: Readonly<Record<string, string | undefined>>,
): Readonly<Record<EditionCode, LegalDetails>> {
  const fileName = environment['LEGAL_DETAILS_FILE']?.trim() ?? '';
  let text: string | undefined;
  if (fileName !== '') {
    try {
      text = readFileSync(fileName, 'utf8');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`LEGAL_DETAILS_FILE: cannot read ${fileName} (${reason})`, { cause: error });
    }
  }
  const details = legalDetailsByEdition(
    text === undefined ? {} : parseLegalDetailsFile(text, fileName),
  );
  if (environment['NODE_ENV'] === 'production') {
    const problems = placeholderProblems(details);
    if (problems.length > 0) {
      throw new Error(
        `refusing a production start with placeholder legal details; give the real values in the JSON file LEGAL_DETAILS_FILE names (README.md, "Deploying"):\n- ${problems.join('\n- ')}`,
      );
    }
  }
  return details;
}
