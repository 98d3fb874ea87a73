import { payoutBusinessDays } from './constants.ts';

/*
 * The payout promise's days (docs/trades.md, "Payout promise"), one rule for the seller's pages
 * and the back office: the money arrives at the latest `payoutBusinessDays` business days (Monday
 * to Friday) after the calendar day of the acceptance. Days are `YYYY-MM-DD` texts; arithmetic on
 * them runs in UTC, free of daylight saving.
 */

const dayMs = 24 * 60 * 60 * 1000;

/** Midnight UTC of a calendar day: calendar arithmetic without time zones or daylight saving. */
function dayStart(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (match === null) throw new RangeError(`Not a calendar day: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** The calendar day (`YYYY-MM-DD`) that an instant falls on in a time zone (IANA name). */
export function calendarDay(instant: Date, timeZone: string): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('calendarDay: invalid date');
  const parts = new Map(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.get('year')}-${parts.get('month')}-${parts.get('day')}`;
}

/** A calendar day moved by whole days (negative: back). */
export function shiftDay(day: string, days: number): string {
  return new Date(dayStart(day) + days * dayMs).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to`; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayStart(to) - dayStart(from)) / dayMs);
}

/**
 * A moment within a calendar day in every European time zone: noon UTC, which lies on that day
 * wherever the offset is less than 12 hours, so a date format of the edition prints that day.
 */
export function middayOf(day: string): Date {
  return new Date(dayStart(day) + dayMs / 2);
}

/** The last day of the payout promise for an acceptance on the calendar day `day`. */
export function payoutDueDayOf(day: string): string {
  let current = day;
  let counted = 0;
  while (counted < payoutBusinessDays) {
    current = shiftDay(current, 1);
    const weekday = new Date(dayStart(current)).getUTCDay();
    if (weekday !== 0 && weekday !== 6) counted += 1;
  }
  return current;
}

/** The last day of the payout promise of a trade accepted at `acceptedAt`, in `timeZone`. */
export function payoutDueDay(acceptedAt: Date | string, timeZone: string): string {
  return payoutDueDayOf(calendarDay(new Date(acceptedAt), timeZone));
}
