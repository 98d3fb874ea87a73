import { payoutBusinessDays } from '@tradein/editions';
import { startOfDay, tradeQueueTimeZone } from '../ops/trade-queue.ts';

/*
 * The payout promise as the back office counts it (docs/trades.md, "Payout promise"): the money
 * arrives at the latest on the fifth business day (Monday to Friday) after the calendar day of
 * the acceptance. Days are those of the business time zone (`Europe/Berlin`), which is the time
 * zone of every edition, so the back office and the seller's account page name the same day.
 */

const dayMs = 86_400_000;

/** The calendar day (`YYYY-MM-DD`) an instant falls on in the business time zone. */
export function businessDay(instant: Date): string {
  const parts = new Map(
    new Intl.DateTimeFormat('en-US', {
      timeZone: tradeQueueTimeZone,
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
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to`; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);
}

/** The promise's last day for an acceptance on `day`: business days later, weekends skipped. */
function promisedByDay(day: string): string {
  let current = day;
  let counted = 0;
  while (counted < payoutBusinessDays) {
    current = shiftDay(current, 1);
    const weekday = new Date(`${current}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) counted += 1;
  }
  return current;
}

/** The last day of the payout promise of a trade accepted at `acceptedAt`. */
export function promisedBy(acceptedAt: string): string {
  return promisedByDay(businessDay(new Date(acceptedAt)));
}

/**
 * The moment before which an acceptance has its promise passed on `today`: the start (in the
 * business time zone) of the day after the latest acceptance day whose promise ended before
 * `today`. The promise only grows with the acceptance, so "past the promise" is one range of
 * acceptance times, which a query can compare.
 */
export function pastPromiseCutoff(today: string): string {
  let day = shiftDay(today, -1);
  while (promisedByDay(day) >= today) day = shiftDay(day, -1);
  return startOfDay(shiftDay(day, 1));
}
