import { getClientEdition } from './client-editions.ts';
import type { EditionCode } from './edition-code.ts';

const patterns = new Map<EditionCode, RegExp>();

/** Whether a postal code is valid in an edition (§5), by its `zipFormatRegExp`; no trimming. */
export function isValidPostalCode(edition: EditionCode, code: string): boolean {
  let pattern = patterns.get(edition);
  if (pattern === undefined) {
    pattern = new RegExp(getClientEdition(edition).zipFormatRegExp);
    patterns.set(edition, pattern);
  }
  return pattern.test(code);
}
