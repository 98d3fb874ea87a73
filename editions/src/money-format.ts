import { getClientEdition } from './client-editions.ts';
import { currency } from './constants.ts';
import type { EditionCode } from './edition-code.ts';

const formatters = new Map<string, Intl.NumberFormat>();

/** How an amount is written: `exact` always with cents; `short` drops ",00" from whole euros. */
export type MoneyStyle = 'exact' | 'short';

/**
 * An amount of integer cents as euros in the edition's locale, e.g. de `1.234,56 €`. `short`
 * writes whole euros without cents (`bis zu 410 €`), for prices quoted before an offer.
 */
export function formatMoney(
  edition: EditionCode,
  cents: number,
  style: MoneyStyle = 'exact',
): string {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Amount must be an integer number of cents, got ${cents}`);
  }
  const key = `${edition}:${style}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(getClientEdition(edition).icuLocale, {
      style: 'currency',
      currency,
      ...(style === 'short' ? { trailingZeroDisplay: 'stripIfInteger' } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}
