import { renderShippingLabel, senderLines } from './shipping-label.ts';
import type { TradeRecord } from './trade-view.ts';

/** The shipping label PDF of a stored trade. */
export function labelOf(record: TradeRecord): Promise<Uint8Array> {
  return renderShippingLabel({
    edition: record.edition,
    tradeNumber: record.tradeNumber,
    sender: senderLines(record.addressSnapshot, record.edition),
    deviceCount: record.items.reduce((sum, item) => sum + item.quantity, 0),
    vatId: record.vatId,
  });
}
