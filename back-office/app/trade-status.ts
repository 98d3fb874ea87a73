import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { TradeStatus } from '@tradein/contract';

/** A status's name on the screens. */
export const statusLabels: Record<TradeStatus, MessageDescriptor> = {
  created: msg`Created`,
  received: msg`Received`,
  inspected: msg`Inspected`,
  clarification: msg`Clarification`,
  accepted: msg`Accepted`,
  paid: msg`Paid`,
  returned: msg`Returned`,
};

/** The name of a status given as text (a refusal's, a batch trade's), or the text itself. */
export function statusName(i18n: I18n, status: string): string {
  return Object.hasOwn(statusLabels, status) ? i18n._(statusLabels[status as TradeStatus]) : status;
}
