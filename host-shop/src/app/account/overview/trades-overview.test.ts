import type { TradeHistoryEntry, TradeStatus } from '@tradein/contract';
import { describe, expect, it } from 'vitest';
import { attentionItems, newestFirst } from './trades-overview.ts';

function entry(tradeId: number, status: TradeStatus, createdAt: string): TradeHistoryEntry {
  return {
    tradeId,
    tradeNumber: `T-2026-${String(tradeId).padStart(6, '0')}`,
    createdAt,
    status,
    total: 10000,
    devices: [
      { deviceId: 1, offerId: `offer-${tradeId}`, name: 'iPhone', price: 10000, quantity: 1 },
    ],
  };
}

const history = [
  entry(1, 'created', '2026-11-01T08:00:00.000Z'),
  entry(2, 'clarification', '2026-11-02T08:00:00.000Z'),
  entry(3, 'paid', '2026-11-03T08:00:00.000Z'),
  entry(4, 'created', '2026-11-04T08:00:00.000Z'),
  entry(5, 'clarification', '2026-11-05T08:00:00.000Z'),
  entry(6, 'accepted', '2026-11-06T08:00:00.000Z'),
  // Made in the same millisecond as trade 6: the later trade id is the newer trade.
  entry(7, 'returned', '2026-11-06T08:00:00.000Z'),
];

describe('newestFirst', () => {
  it('sorts by creation, newest first, and leaves the given list alone', () => {
    const given = [...history];
    expect(newestFirst(given).map((trade) => trade.tradeId)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(given).toEqual(history);
  });
});

describe('attentionItems', () => {
  it('lists open revised offers first, then labels not used yet, each newest first', () => {
    expect(attentionItems(history).map(({ kind, trade }) => `${kind} ${trade.tradeId}`)).toEqual([
      'clarification 5',
      'clarification 2',
      'label 4',
      'label 1',
    ]);
  });

  it('has nothing for trades that wait for nobody', () => {
    expect(attentionItems(history.filter((trade) => trade.tradeId === 3))).toEqual([]);
    expect(attentionItems([])).toEqual([]);
  });
});
