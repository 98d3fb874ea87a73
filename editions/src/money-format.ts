import { getClientEdition } from './client-editions.ts';
import { currency } from './constants.ts';
import type { EditionCode } from './edition-code.ts';

const formatters = new Map<EditionCode, Intl.NumberFormat>();

/** An amount of integer cents as euros in the edition's locale, e.g. de `1.234,56 €`. */
export function formatMoney(edition: EditionCode, cents: number): string {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Amount must be an integer number of cents, got ${cents}`);
  }
  let formatter = formatters.get(edition);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(getClientEdition(edition).icuLocale, {
      style: 'currency',
      currency,
    });
    formatters.set(edition, formatter);
  }
  return formatter.format(cents / 100);
}
