/*
 * The length of a day, for every validity, window and lead time counted in days (offers, labels,
 * links, reminders, caps). Days here are 24 hours of UTC time; calendar days of an edition's
 * time zone (the payout promise) are counted elsewhere, with the edition's calendar.
 */

/** One day in milliseconds. */
export const dayMs = 86_400_000;

/** One day in seconds, as HTTP caching counts (`Cache-Control: max-age`). */
export const daySeconds = dayMs / 1000;

/** The moment `days` days (of 24 hours; negative: before) after `from`. */
export function daysAfter(from: Date, days: number): Date {
  return new Date(from.getTime() + days * dayMs);
}
