import type { Trade } from '@tradein/contract';
import { calendarDay, daysBetween, payoutDueDay } from '@tradein/editions/client';

/*
 * The payout promise of a trade (docs/trades.md, "Payout promise"): the money arrives at the
 * latest `payoutBusinessDays` (editions, 5) business days (Monday to Friday) after the trade was
 * accepted. Accepted means the `accepted` event (a revised offer accepted), or the `inspected` event when the inspection
 * found what the seller answered (the trade then goes inspected → paid without a decision).
 * Days are calendar days of the edition's time zone, where the seller lives.
 */

/** What the account page promises about the money of a trade. */
export type PayoutPromise =
  /** Not accepted yet: the money arrives within the business days of the acceptance. */
  | { readonly kind: 'afterAcceptance' }
  /**
   * Accepted and not paid yet: the money arrives by `dueDay` (`YYYY-MM-DD` in the edition's time
   * zone), `daysLeft` calendar days from today there (0 today, negative when late).
   */
  | {
      readonly kind: 'due';
      readonly acceptedAt: string;
      readonly dueDay: string;
      readonly daysLeft: number;
    }
  /** Paid out at that moment. */
  | { readonly kind: 'paid'; readonly paidAt: string }
  /** Returned: the devices go back, nothing is paid. */
  | { readonly kind: 'none' };

/** The parts of a trade the promise depends on. */
export type PayoutFacts = Pick<Trade, 'status' | 'events' | 'items' | 'updatedAt'>;

/** The payout promise of a trade at `now`, in the edition's `timeZone` (IANA name). */
export function payoutPromise(trade: PayoutFacts, timeZone: string, now: Date): PayoutPromise {
  switch (trade.status) {
    case 'returned':
      return { kind: 'none' };
    case 'paid':
      return { kind: 'paid', paidAt: latestEventAt(trade, 'paid') };
    case 'accepted':
      return duePromise(latestEventAt(trade, 'accepted'), timeZone, now);
    case 'inspected':
      return inspectionMatched(trade)
        ? duePromise(latestEventAt(trade, 'inspected'), timeZone, now)
        : { kind: 'afterAcceptance' };
    case 'created':
    case 'received':
    case 'clarification':
      return { kind: 'afterAcceptance' };
  }
}

/**
 * Whether the inspection accepted the trade: every line was found as the seller answered it, or
 * better (an upward correction, applied without asking). Such a trade needs no decision.
 */
export function inspectionMatched(trade: Pick<Trade, 'items'>): boolean {
  return trade.items.every((item) =>
    item.revisedPriceCents === null
      ? item.findings.every((finding) => !finding.differs)
      : // Found better than described: revised upward, the trade goes on without asking.
        item.revisedPriceCents >= item.priceCents,
  );
}

function duePromise(acceptedAt: string, timeZone: string, now: Date): PayoutPromise {
  const dueDay = payoutDueDay(acceptedAt, timeZone);
  return {
    kind: 'due',
    acceptedAt,
    dueDay,
    daysLeft: daysBetween(calendarDay(now, timeZone), dueDay),
  };
}

/**
 * When the trade reached a status: its latest event of that status. A trade's status always has
 * its event; should one be missing, the trade's last change stands in for it.
 */
function latestEventAt(trade: PayoutFacts, status: Trade['status']): string {
  const events = trade.events.filter((event) => event.status === status);
  return (
    events.reduce<string | undefined>(
      (latest, event) =>
        latest === undefined || Date.parse(event.at) > Date.parse(latest) ? event.at : latest,
      undefined,
    ) ?? trade.updatedAt
  );
}
