import type { TradeStatus } from '@tradein/contract';
import { describe, expect, it } from 'vitest';
import { tradeTimeline, type TimelineStep } from './trade-timeline.ts';

function events(...steps: [TradeStatus, string][]) {
  return steps.map(([status, at]) => ({ status, at, note: null }));
}

/** The steps as `name state at` lines, easy to read in a failure. */
function lines(steps: TimelineStep[]): string[] {
  return steps.map((step) => `${step.name} ${step.state} ${step.at ?? '-'}`);
}

describe('tradeTimeline', () => {
  it('shows a new trade made, and the way to its payout to come', () => {
    const timeline = tradeTimeline({
      status: 'created',
      events: events(['created', '2026-11-20T08:00:00.000Z']),
    });
    expect(lines(timeline)).toEqual([
      'created current 2026-11-20T08:00:00.000Z',
      'received upcoming -',
      'inspected upcoming -',
      'paid upcoming -',
    ]);
  });

  it('shows a trade paid right after an inspection without a clarification', () => {
    const timeline = tradeTimeline({
      status: 'paid',
      events: events(
        ['created', '2026-11-20T08:00:00.000Z'],
        ['received', '2026-11-23T08:00:00.000Z'],
        ['inspected', '2026-11-24T08:00:00.000Z'],
        ['paid', '2026-11-26T08:00:00.000Z'],
      ),
    });
    expect(lines(timeline)).toEqual([
      'created done 2026-11-20T08:00:00.000Z',
      'received done 2026-11-23T08:00:00.000Z',
      'inspected done 2026-11-24T08:00:00.000Z',
      'paid current 2026-11-26T08:00:00.000Z',
    ]);
  });

  it("puts the seller's decision to come while a revised offer is open", () => {
    const timeline = tradeTimeline({
      status: 'clarification',
      events: events(
        ['created', '2026-11-20T08:00:00.000Z'],
        ['received', '2026-11-23T08:00:00.000Z'],
        ['inspected', '2026-11-24T08:00:00.000Z'],
        ['clarification', '2026-11-24T09:00:00.000Z'],
      ),
    });
    expect(lines(timeline).slice(3)).toEqual([
      'clarification current 2026-11-24T09:00:00.000Z',
      'decision upcoming -',
      'paid upcoming -',
    ]);
  });

  it('shows an accepted revised offer with the payout to come', () => {
    const timeline = tradeTimeline({
      status: 'accepted',
      events: events(
        ['created', '2026-11-20T08:00:00.000Z'],
        ['received', '2026-11-23T08:00:00.000Z'],
        ['inspected', '2026-11-24T08:00:00.000Z'],
        ['clarification', '2026-11-24T09:00:00.000Z'],
        ['accepted', '2026-11-25T10:00:00.000Z'],
      ),
    });
    expect(lines(timeline).slice(3)).toEqual([
      'clarification done 2026-11-24T09:00:00.000Z',
      'accepted current 2026-11-25T10:00:00.000Z',
      'paid upcoming -',
    ]);
  });

  it('ends a returned trade there, with nothing to come', () => {
    const timeline = tradeTimeline({
      status: 'returned',
      events: events(
        ['created', '2026-11-20T08:00:00.000Z'],
        ['received', '2026-11-23T08:00:00.000Z'],
        ['inspected', '2026-11-24T08:00:00.000Z'],
        ['clarification', '2026-11-24T09:00:00.000Z'],
        ['returned', '2026-11-25T10:00:00.000Z'],
      ),
    });
    expect(timeline.at(-1)).toEqual({
      name: 'returned',
      state: 'current',
      at: '2026-11-25T10:00:00.000Z',
    });
    expect(timeline.map((step) => step.name)).not.toContain('paid');
  });

  it('orders the steps by the lifecycle and keeps the first time a step was reached', () => {
    const timeline = tradeTimeline({
      status: 'clarification',
      // Events out of order, a step twice (a line revised again) and at the same moment.
      events: events(
        ['clarification', '2026-11-24T11:00:00.000Z'],
        ['inspected', '2026-11-24T09:00:00.000Z'],
        ['clarification', '2026-11-24T09:00:00.000Z'],
        ['created', '2026-11-20T08:00:00.000Z'],
      ),
    });
    expect(lines(timeline)).toEqual([
      'created done 2026-11-20T08:00:00.000Z',
      'inspected done 2026-11-24T09:00:00.000Z',
      'clarification current 2026-11-24T09:00:00.000Z',
      'decision upcoming -',
      'paid upcoming -',
    ]);
  });

  it('shows the status reached without its event, and no event beyond the status', () => {
    const timeline = tradeTimeline({
      status: 'received',
      events: events(['created', '2026-11-20T08:00:00.000Z'], ['paid', '2026-11-21T08:00:00.000Z']),
    });
    expect(lines(timeline)).toEqual([
      'created done 2026-11-20T08:00:00.000Z',
      'received current -',
      'inspected upcoming -',
      'paid upcoming -',
    ]);
  });
});
