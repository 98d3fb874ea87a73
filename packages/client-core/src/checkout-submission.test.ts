import { describe, expect, it, vi } from 'vitest';
import { createTradeEndpoint, type CheckoutRequest } from '@tradein/contract';
import {
  createdTradeAnswer,
  sellerAddressInput,
  sellerSepaPayout,
} from '@tradein/contract/test-fixtures';
import { ApiNetworkError } from './api-errors.ts';
import { createCheckoutSubmission } from './checkout-submission.ts';
import { createApiClient } from './http-client.ts';

const trade = createdTradeAnswer;

const body: CheckoutRequest = createTradeEndpoint.body.parse({
  edition: 'de',
  offers: [{ offerId: '0b7c8a52-58c4-4e0f-9a43-6a1b1f0e2c11', quantity: 1 }],
  address: sellerAddressInput,
  payout: sellerSepaPayout,
  shopMode: 'default',
  acceptedTerms: true,
});

/** A trade API whose checkout fails on the network first, then answers the trade. */
function flakyApi() {
  const keys: (string | null)[] = [];
  let calls = 0;
  const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
    keys.push(new Request(input, init).headers.get('idempotency-key'));
    calls += 1;
    if (calls === 1) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(trade), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    });
  });
  const api = createApiClient({
    baseUrl: 'https://api.example',
    environment: 'production',
    fetch: fetchStub,
    auth: { accessToken: () => Promise.resolve('token') },
  });
  return { api, keys };
}

describe('createCheckoutSubmission', () => {
  it('sends an Idempotency-Key, and the same one when the same checkout is sent again', async () => {
    const { api, keys } = flakyApi();
    const submit = createCheckoutSubmission();
    await expect(submit(api, body)).rejects.toBeInstanceOf(ApiNetworkError);
    expect((await submit(api, { ...body })).tradeNumber).toBe(trade.tradeNumber);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(keys[1]).toBe(keys[0]);
  });

  it('uses a new key once the seller changed the checkout', async () => {
    const { api, keys } = flakyApi();
    const submit = createCheckoutSubmission();
    await expect(submit(api, body)).rejects.toBeInstanceOf(ApiNetworkError);
    await submit(api, { ...body, voucher: 'SUMMER' });
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('keeps the keys of two checkout forms apart', async () => {
    const { api, keys } = flakyApi();
    await expect(createCheckoutSubmission()(api, body)).rejects.toBeInstanceOf(ApiNetworkError);
    await createCheckoutSubmission()(api, body);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('makes a key where the page has no randomUUID (no HTTPS)', async () => {
    const { api, keys } = flakyApi();
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    try {
      await expect(createCheckoutSubmission()(api, body)).rejects.toBeInstanceOf(ApiNetworkError);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });
});
