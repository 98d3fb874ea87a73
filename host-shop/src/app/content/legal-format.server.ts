import { weekdays, type OpeningHours, type Weekday } from '@tradein/editions';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** A phone number as a page shows and links it. */
export interface PhoneLink {
  /** International form with spaces: `+49 30 23125000`. */
  readonly display: string;
  /** `tel:+493023125000`. */
  readonly href: string;
}

/** Formats an E.164 number (checked at start) for display, with its `tel:` link. */
export function phoneLink(e164: string): PhoneLink {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed === undefined
    ? { display: e164, href: `tel:${e164}` }
    : { display: parsed.formatInternational(), href: parsed.getURI() };
}

/** One line of opening hours, formatted in the page's locale. */
export interface OpeningHoursLine {
  /** `Montag–Freitag`, `samedi`. */
  readonly days: string;
  /** `09:00–18:00 Uhr`, `09:00–18:00`. */
  readonly times: string;
  /** The configured times, `09:00` and `18:00`. */
  readonly opens: string;
  readonly closes: string;
}

// 1 January 2024 was a Monday: the days of that week name the weekdays in ISO order.
function dayOf(weekday: Weekday): Date {
  return new Date(Date.UTC(2024, 0, 1 + weekdays.indexOf(weekday)));
}

function timeOf(time: string): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(Date.UTC(2024, 0, 1, hours, minutes));
}

/**
 * Opening hours as lines of day range and time range in a locale (`de-DE`, `fr-FR`): the names
 * of the days and the form of the times are the locale's own.
 */
export function openingHoursLines(hours: OpeningHours, locale: string): OpeningHoursLine[] {
  const day = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });
  return hours.map((period) => ({
    days:
      period.from === period.to
        ? day.format(dayOf(period.from))
        : `${day.format(dayOf(period.from))}–${day.format(dayOf(period.to))}`,
    times: time.formatRange(timeOf(period.opens), timeOf(period.closes)),
    opens: period.opens,
    closes: period.closes,
  }));
}

/** The name of a country (ISO 3166-1 code) in a language. */
export function countryName(code: string, language: string): string {
  return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
}
