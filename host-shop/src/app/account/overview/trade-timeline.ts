import type { Trade, TradeStatus } from '@tradein/contract';

/**
 * A step of a trade's timeline: the statuses of the lifecycle, and `decision` for the seller's
 * answer to a revised offer while it is still to come (it becomes `accepted` or `returned`).
 */
export type TimelineStepName = TradeStatus | 'decision';

/** One step as the account page shows it. */
export interface TimelineStep {
  readonly name: TimelineStepName;
  /** `done` reached before, `current` where the trade stands now, `upcoming` still to come. */
  readonly state: 'done' | 'current' | 'upcoming';
  /** When the step was reached (ISO date-time); null for steps to come. */
  readonly at: string | null;
}

/** Position of each step in the lifecycle (docs/trades.md, "Lifecycle"). */
const stepRank: Readonly<Record<TimelineStepName, number>> = {
  created: 0,
  received: 1,
  inspected: 2,
  clarification: 3,
  decision: 4,
  accepted: 4,
  returned: 4,
  paid: 5,
};

/**
 * The steps still to come after each status. A clarification is no step to come: most
 * inspections find what the seller answered, and the trade goes on to its payout. A returned
 * or paid trade has ended.
 */
const stepsToCome: Readonly<Record<TradeStatus, readonly TimelineStepName[]>> = {
  created: ['received', 'inspected', 'paid'],
  received: ['inspected', 'paid'],
  inspected: ['paid'],
  clarification: ['decision', 'paid'],
  accepted: ['paid'],
  returned: [],
  paid: [],
};

/**
 * The timeline of a trade from its events: every step reached, with the moment it was first
 * reached, in lifecycle order, the trade's status last (current), then the steps still to come.
 */
export function tradeTimeline(trade: Pick<Trade, 'status' | 'events'>): TimelineStep[] {
  const reachedAt = new Map<TradeStatus, string | null>();
  for (const event of trade.events) {
    const known = reachedAt.get(event.status);
    if (known === undefined || (known !== null && Date.parse(event.at) < Date.parse(known))) {
      reachedAt.set(event.status, event.at);
    }
  }
  // The status is reached even if its event were missing. The lifecycle never goes back, so an
  // event of a later step than the status (written around the API) is not shown as reached.
  if (!reachedAt.has(trade.status)) reachedAt.set(trade.status, null);
  const current = stepRank[trade.status];
  const reached = [...reachedAt]
    .filter(([status]) => status === trade.status || stepRank[status] < current)
    .toSorted(([first], [second]) => stepRank[first] - stepRank[second]);
  return [
    ...reached.map(([name, at]): TimelineStep => ({
      name,
      state: name === trade.status ? 'current' : 'done',
      at,
    })),
    ...stepsToCome[trade.status].map((name): TimelineStep => ({
      name,
      state: 'upcoming',
      at: null,
    })),
  ];
}
