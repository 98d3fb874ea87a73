import { calendarDay, payoutDueDayOf, shiftDay } from '@tradein/editions';
import { startOfDay, tradeQueueTimeZone } from '../ops/trade-queue.ts';

/*
 * The payout promise as the back office counts it (docs/trades.md, "Payout promise"): the money
 * arrives at the latest on the fifth business day (Monday to Friday) after the calendar day of
 * the acceptance. Days are those of the business time zone (`Europe/Berlin`), which is the time
 * zone of every edition, so the back office and the seller's account page name the same day.
 */

/** The calendar day (`YYYY-MM-DD`) an instant falls on in the business time zone. */
export function businessDay(instant: Date): string {
  return calendarDay(instant, tradeQueueTimeZone);
}

/** The last day of the payout promise of a trade accepted at `acceptedAt`. */
export function promisedBy(acceptedAt: string): string {
  return payoutDueDayOf(businessDay(new Date(acceptedAt)));
}

/**
 * The moment before which an acceptance has its promise passed on `today`: the start (in the
 * business time zone) of the day after the latest acceptance day whose promise ended before
 * `today`. The promise only grows with the acceptance, so "past the promise" is one range of
 * acceptance times, which a query can compare.
 */
export function pastPromiseCutoff(today: string): string {
  let day = shiftDay(today, -1);
  while (payoutDueDayOf(day) >= today) day = shiftDay(day, -1);
  return startOfDay(shiftDay(day, 1));
}
