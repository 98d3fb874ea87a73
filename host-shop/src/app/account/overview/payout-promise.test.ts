import type { Trade, TradeStatus } from '@tradein/contract';
import { describe, expect, it } from 'vitest';
import { inspectionMatched, payoutPromise, type PayoutFacts } from './payout-promise.ts';

const berlin = 'Europe/Berlin';

type Item = Trade['items'][number];

function item(overrides: Partial<Item> = {}): Item {
  return {
    position: 1,
    offerId: '3f1c2a4e-8b7d-4c1e-9a2b-1d2e3f4a5b6c',
    deviceId: 1000,
    name: 'iPhone 13 Pro',
    quantity: 1,
    priceCents: 30000,
    revisedPriceCents: null,
    lineTotalCents: 30000,
    findings: [],
    hasPhoto: false,
    ...overrides,
  };
}

const matchingFinding = {
  questionId: 12,
  questionCode: 'GRADE',
  question: 'Condition',
  answeredCode: 'GRADE_LIKE_NEW',
  answeredText: 'Like new',
  foundCode: 'GRADE_LIKE_NEW',
  foundText: 'Like new',
  differs: false,
};

function trade(
  status: TradeStatus,
  events: [TradeStatus, string][],
  items: Item[] = [item()],
): PayoutFacts {
  return {
    status,
    events: events.map(([eventStatus, at]) => ({ status: eventStatus, at, note: null })),
    items,
    updatedAt: events.at(-1)?.[1] ?? '2026-11-20T09:00:00.000Z',
  };
}

/** The countdown of a trade's promise at `now` in Berlin; undefined when no day is promised. */
function daysLeftAt(facts: PayoutFacts, now: string): number | undefined {
  const promise = payoutPromise(facts, berlin, new Date(now));
  return promise.kind === 'due' ? promise.daysLeft : undefined;
}

describe('payoutPromise', () => {
  const acceptedTrade = trade('accepted', [
    ['created', '2026-11-16T08:00:00.000Z'],
    ['received', '2026-11-19T08:00:00.000Z'],
    ['inspected', '2026-11-20T08:00:00.000Z'],
    ['clarification', '2026-11-20T09:00:00.000Z'],
    ['accepted', '2026-11-25T10:00:00.000Z'],
  ]);

  it('promises a day with a countdown once the revised offer is accepted', () => {
    expect(payoutPromise(acceptedTrade, berlin, new Date('2026-11-28T10:00:00.000Z'))).toEqual({
      kind: 'due',
      acceptedAt: '2026-11-25T10:00:00.000Z',
      dueDay: '2026-12-02',
      daysLeft: 4,
    });
  });

  it('counts the days left in the time zone: today, tomorrow, late', () => {
    // 22:30 UTC is 23:30 on 1 December in Berlin, 23:30 UTC already 2 December.
    expect(daysLeftAt(acceptedTrade, '2026-12-01T22:30:00.000Z')).toBe(1);
    expect(daysLeftAt(acceptedTrade, '2026-12-01T23:30:00.000Z')).toBe(0);
    expect(daysLeftAt(acceptedTrade, '2026-12-03T12:00:00.000Z')).toBe(-1);
  });

  it('counts from the inspection when it found what the seller answered', () => {
    const inspected = trade(
      'inspected',
      [
        ['created', '2026-11-16T08:00:00.000Z'],
        ['received', '2026-11-19T08:00:00.000Z'],
        ['inspected', '2026-11-27T15:00:00.000Z'],
      ],
      [item({ findings: [matchingFinding] }), item({ position: 2 })],
    );
    expect(payoutPromise(inspected, berlin, new Date('2026-11-27T16:00:00.000Z'))).toMatchObject({
      kind: 'due',
      acceptedAt: '2026-11-27T15:00:00.000Z',
      dueDay: '2026-12-04',
      daysLeft: 7,
    });
  });

  it('waits for the acceptance when the inspection found something else', () => {
    const events: [TradeStatus, string][] = [['inspected', '2026-11-27T15:00:00.000Z']];
    const differing = [item({ findings: [{ ...matchingFinding, differs: true }] })];
    const revised = [item({ revisedPriceCents: 20000 })];
    const now = new Date('2026-11-28T10:00:00.000Z');
    expect(payoutPromise(trade('inspected', events, differing), berlin, now)).toEqual({
      kind: 'afterAcceptance',
    });
    expect(payoutPromise(trade('inspected', events, revised), berlin, now)).toEqual({
      kind: 'afterAcceptance',
    });
    expect(inspectionMatched({ items: differing })).toBe(false);
    expect(inspectionMatched({ items: [item({ findings: [matchingFinding] })] })).toBe(true);
  });

  it('counts an upward correction as accepted at the inspection', () => {
    const better = item({
      revisedPriceCents: 32000,
      findings: [{ ...matchingFinding, differs: true }],
    });
    expect(inspectionMatched({ items: [better, item({ position: 2 })] })).toBe(true);
    const events: [TradeStatus, string][] = [['inspected', '2026-11-27T15:00:00.000Z']];
    expect(
      payoutPromise(trade('inspected', events, [better]), berlin, new Date('2026-11-28T10:00:00Z')),
    ).toMatchObject({ kind: 'due', dueDay: '2026-12-04' });
  });

  it.each<TradeStatus>(['created', 'received', 'clarification'])(
    'promises the business days of the acceptance while the trade is %s',
    (status) => {
      const promise = payoutPromise(
        trade(status, [[status, '2026-11-20T08:00:00.000Z']]),
        berlin,
        new Date('2026-11-28T10:00:00.000Z'),
      );
      expect(promise).toEqual({ kind: 'afterAcceptance' });
    },
  );

  it('says when a paid trade was paid, and promises nothing for a returned one', () => {
    const paid = trade('paid', [
      ['inspected', '2026-11-20T08:00:00.000Z'],
      ['paid', '2026-11-24T09:30:00.000Z'],
    ]);
    const now = new Date('2026-11-28T10:00:00.000Z');
    expect(payoutPromise(paid, berlin, now)).toEqual({
      kind: 'paid',
      paidAt: '2026-11-24T09:30:00.000Z',
    });
    const returned = trade('returned', [['returned', '2026-11-24T09:30:00.000Z']]);
    expect(payoutPromise(returned, berlin, now)).toEqual({ kind: 'none' });
  });

  it("falls back to the trade's last change when the status has no event", () => {
    const accepted: PayoutFacts = { ...trade('accepted', []), updatedAt: '2026-11-25T10:00:00Z' };
    expect(payoutPromise(accepted, berlin, new Date('2026-11-25T11:00:00Z'))).toMatchObject({
      kind: 'due',
      dueDay: '2026-12-02',
      daysLeft: 7,
    });
  });
});
