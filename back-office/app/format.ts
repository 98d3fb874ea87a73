import type { BackOfficeLocale } from './i18n.ts';

/*
 * Money and times as the staff member's language writes them. Times are shown in the business's
 * time zone (the one the trades queue counts days in), whatever the server's.
 */

/** The business's time zone: days of the queue, the overview and these texts. */
const businessTimeZone = 'Europe/Berlin';

/** Euros from cents, e.g. "1.234,50 €" in German, "€1,234.50" in English. */
export function formatCents(cents: number, locale: BackOfficeLocale): string {
  return new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
}

/** A moment with day and time, e.g. "27.11.2026, 14:05". */
export function formatMoment(iso: string, locale: BackOfficeLocale): string {
  return new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: businessTimeZone,
  }).format(new Date(iso));
}

/** A day, e.g. "27.11.2026". */
export function formatDay(iso: string, locale: BackOfficeLocale): string {
  return new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'medium',
    timeZone: businessTimeZone,
  }).format(new Date(iso));
}
