import { readFileSync } from 'node:fs';
import {
  legalDetailsByEdition,
  parseLegalDetailsFile,
  type EditionCode,
  type LegalDetails,
} from '@tradein/editions';

let byEdition: Readonly<Record<EditionCode, LegalDetails>> | undefined;

/**
 * The legal and contact details of an edition, with the operator's file (`LEGAL_DETAILS_FILE`)
 * applied, read once. The server checked the same file at start (`readLegalDetails` in
 * server/serve.ts) and refused placeholders in production, so outside production a page may
 * show the configuration's development values.
 */
export function legalDetails(edition: EditionCode): LegalDetails {
  if (byEdition === undefined) {
    const fileName = process.env['LEGAL_DETAILS_FILE']?.trim() ?? '';
    byEdition = legalDetailsByEdition(
      fileName === '' ? {} : parseLegalDetailsFile(readFileSync(fileName, 'utf8'), fileName),
    );
  }
  return byEdition[edition];
}
