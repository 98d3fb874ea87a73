import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TradeQueueQuery, TradeStatus } from '@tradein/contract';

/** The statuses in the order of a trade's life, as the queue's tabs list them. */
export const tradeStatuses: readonly TradeStatus[] = [
  'created',
  'received',
  'inspected',
  'clarification',
  'accepted',
  'paid',
  'returned',
];

/** The editions a filter offers (the contract's edition codes). */
export const editionChoices: readonly NonNullable<TradeQueueQuery['edition']>[] = [
  'at',
  'de',
  'es',
  'fr',
  'it',
];

/** The shop modes a filter offers, with their names. */
export const modeLabels: Record<NonNullable<TradeQueueQuery['mode']>, MessageDescriptor> = {
  default: msg`Shop`,
  b2bWidget: msg`Business widget`,
  agan: msg`AGAN shop`,
  aganwidget: msg`AGAN widget`,
};
