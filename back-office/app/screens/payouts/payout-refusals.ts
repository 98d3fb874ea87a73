import type { ApiError } from '@tradein/contract';

/*
 * A refused batch names each refused trade by its place in the request (`tradeNumbers.<i>`) with
 * the API's English reason (docs/payouts.md, "Back-office calls"). The screen says each reason
 * in the member's language beside the trade's row; this reads which reason it is.
 */

/** Why one trade cannot go into the batch. */
export type TradeRefusal =
  | { tradeNumber: string; kind: 'inOpenBatch'; batchNumber: string }
  | { tradeNumber: string; kind: 'notReady'; status: string }
  | { tradeNumber: string; kind: 'wrongMethod' }
  | { tradeNumber: string; kind: 'unknownTrade' }
  | { tradeNumber: string; kind: 'account' }
  | { tradeNumber: string; kind: 'payment'; field: 'iban' | 'bic' | 'name' | 'email' | 'other' }
  | { tradeNumber: string; kind: 'other'; text: string };

/** The kind of a payment problem's field (`iban: …`, `creditorName: …`). */
function paymentField(field: string): 'iban' | 'bic' | 'name' | 'email' | 'other' {
  if (field === 'iban') return 'iban';
  if (field === 'bic') return 'bic';
  if (field === 'creditorName') return 'name';
  if (field === 'email') return 'email';
  return 'other';
}

/** One trade's refusal from the API's message about it (without the leading trade number). */
function tradeRefusalOf(tradeNumber: string, reason: string): TradeRefusal {
  const inBatch = /^it is in the open payout batch (PB-[0-9]{4}-[0-9]+)/.exec(reason);
  if (inBatch?.[1] !== undefined) {
    return { tradeNumber, kind: 'inOpenBatch', batchNumber: inBatch[1] };
  }
  const notReady = /^it is ([a-z_]+); only inspected or accepted/.exec(reason);
  if (notReady?.[1] !== undefined) return { tradeNumber, kind: 'notReady', status: notReady[1] };
  if (reason.startsWith('it is paid by ')) return { tradeNumber, kind: 'wrongMethod' };
  if (reason.startsWith('there is no such trade')) return { tradeNumber, kind: 'unknownTrade' };
  if (reason.startsWith('its stored ')) return { tradeNumber, kind: 'account' };
  const payment = /^([A-Za-z.]+): /.exec(reason);
  if (payment?.[1] !== undefined) {
    return { tradeNumber, kind: 'payment', field: paymentField(payment[1]) };
  }
  return { tradeNumber, kind: 'other', text: reason };
}

/**
 * The refused trades of an API refusal, by the trade numbers the request named in order; a
 * refusal of the whole list (`tradeNumbers`) is left out.
 */
export function tradeRefusalsOf(
  error: ApiError['error'],
  tradeNumbers: readonly string[],
): TradeRefusal[] {
  const refusals: TradeRefusal[] = [];
  for (const field of error.fields ?? []) {
    const place = /^tradeNumbers\.([0-9]+)$/.exec(field.path)?.[1];
    const tradeNumber = place === undefined ? undefined : tradeNumbers[Number(place)];
    if (tradeNumber === undefined) continue;
    const prefix = `${tradeNumber}: `;
    const reason = field.message.startsWith(prefix)
      ? field.message.slice(prefix.length)
      : field.message;
    refusals.push(tradeRefusalOf(tradeNumber, reason));
  }
  return refusals;
}
