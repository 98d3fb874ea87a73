import { createTradeEndpoint } from '@tradein/contract';
import type { CheckoutRequest, CreatedTrade } from '@tradein/contract';
import type { ApiClient } from './http-client.ts';

/** Sends one checkout; what {@link createCheckoutSubmission} makes. */
export type SubmitCheckout = (api: ApiClient, body: CheckoutRequest) => Promise<CreatedTrade>;

/**
 * A random key for one checkout attempt: a UUID, or 32 hex digits where `randomUUID` is
 * missing (pages served without HTTPS).
 */
function newAttemptKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
        byte.toString(16).padStart(2, '0'),
      ).join('');
}

/**
 * The checkout call of one checkout form, with an `Idempotency-Key` per attempt. Sending the
 * same body again (the seller sends again after the connection failed or timed out) keeps the
 * key, so the API answers the trade the first send may have made instead of refusing its
 * offers; a changed body is a new attempt with a new key.
 */
export function createCheckoutSubmission(newKey: () => string = newAttemptKey): SubmitCheckout {
  let attempt: { body: string; key: string } | undefined;
  return (api, body) => {
    const text = JSON.stringify(body);
    if (attempt?.body !== text) attempt = { body: text, key: newKey() };
    return api.call(createTradeEndpoint, { body, headers: { 'idempotency-key': attempt.key } });
  };
}
