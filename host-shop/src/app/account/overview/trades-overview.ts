import type { TradeHistoryEntry } from '@tradein/contract';

/** What a seller has to do for a trade: decide on a revised offer, or send the parcel. */
export type AttentionKind = 'clarification' | 'label';

/** A trade that waits for its seller. */
export interface AttentionItem {
  readonly kind: AttentionKind;
  readonly trade: TradeHistoryEntry;
}

/** The trades, newest first (the API answers so; the page does not rely on it). */
export function newestFirst(history: readonly TradeHistoryEntry[]): TradeHistoryEntry[] {
  return history.toSorted(
    (first, second) =>
      Date.parse(second.createdAt) - Date.parse(first.createdAt) || second.tradeId - first.tradeId,
  );
}

/**
 * The trades that wait for their seller: first every open clarification (a revised offer to
 * accept or send back, which expires), then every trade whose label is not used yet (status
 * `created`: the parcel is not with us). Newest first within each.
 */
export function attentionItems(history: readonly TradeHistoryEntry[]): AttentionItem[] {
  const trades = newestFirst(history);
  return [
    ...trades
      .filter((trade) => trade.status === 'clarification')
      .map((trade): AttentionItem => ({ kind: 'clarification', trade })),
    ...trades
      .filter((trade) => trade.status === 'created')
      .map((trade): AttentionItem => ({ kind: 'label', trade })),
  ];
}
