import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TradeStatus } from '@tradein/contract';
import type { TimelineStepName } from './trade-timeline.ts';

/** Where a trade stands, in the seller's words (trade history). */
export const tradeStatusText: Readonly<Record<TradeStatus, MessageDescriptor>> = {
  created: msg`Waiting for your parcel`,
  received: msg`Parcel received`,
  inspected: msg`Devices checked`,
  clarification: msg`Revised offer: waiting for your decision`,
  accepted: msg`Accepted: payout on its way`,
  returned: msg`Devices sent back`,
  paid: msg`Paid out`,
};

/** The name of each step of a trade's timeline. */
export const timelineStepText: Readonly<Record<TimelineStepName, MessageDescriptor>> = {
  created: msg`Trade made`,
  received: msg`Parcel received`,
  inspected: msg`Devices checked`,
  clarification: msg`Offer revised`,
  decision: msg`Your decision on the revised offer`,
  accepted: msg`Revised offer accepted`,
  returned: msg`Devices sent back`,
  paid: msg`Money paid out`,
};
