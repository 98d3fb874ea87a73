import { getClientEdition } from './client-editions.ts';
import type { EditionCode } from './edition-code.ts';

const formatters = new Map<EditionCode, Intl.DateTimeFormat>();

function formatterFor(edition: EditionCode): Intl.DateTimeFormat {
  let formatter = formatters.get(edition);
  if (formatter === undefined) {
    const { icuLocale, timeZone } = getClientEdition(edition);
    formatter = new Intl.DateTimeFormat(icuLocale, {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: '2-digit',
    });
    formatters.set(edition, formatter);
  }
  return formatter;
}

/**
 * A date as the edition displays it (§5): dd.mm.yy for at and de, dd/mm/yy for es, fr and it,
 * on the calendar day of the edition's time zone. Throws a RangeError for an invalid date.
 */
export function formatDate(edition: EditionCode, date: Date | number | string): string {
  const instant = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Invalid date: ${String(date)}`);
  // Intl supplies the day in the right time zone; the order and separator come from the
  // configured dateFormat, since locale defaults differ between ICU versions.
  const parts = new Map(
    formatterFor(edition)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const tokens: Readonly<Record<string, string | undefined>> = {
    dd: parts.get('day'),
    MM: parts.get('month'),
    yy: parts.get('year'),
  };
  return getClientEdition(edition).dateFormat.replace(
    /dd|MM|yy/g,
    (token) => tokens[token] ?? token,
  );
}
