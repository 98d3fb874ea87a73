import type { TrustProxy } from '@tradein/trade-api';
import { describe, expect, it } from 'vitest';
import { useTestShop, type TestShop } from './test-shop.ts';

/*
 * Who the visitor is, and which edition it asked for, is not the visitor's to choose: the shop
 * reads `X-Forwarded-For`, `-Host` and `-Proto` only from the proxies TRUST_PROXY names. The
 * trade API's per-client limits (here the guest-session quota, 30 an hour per address) count
 * the address the shop decided on.
 */

/** A guest session asked of the shop's `/api`, as a client at `remoteAddress` sends it. */
function guestSession(
  shop: Pick<TestShop, 'inject'>,
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  return shop.inject({
    method: 'POST',
    url: '/api/account/guestSession',
    headers: { host: 'de.localhost', 'content-type': 'application/json', ...headers },
    payload: { locale: 'de-DE' },
    remoteAddress,
  });
}

/** Starts guest sessions from one client until the quota answers 429 (and fails if it never does). */
async function spendGuestQuota(
  shop: Pick<TestShop, 'inject'>,
  remoteAddress: string,
): Promise<void> {
  for (let call = 0; call < 100; call += 1) {
    const response = await guestSession(shop, remoteAddress);
    if (response.statusCode === 429) return;
    expect(response.statusCode).toBe(200);
  }
  throw new Error('the guest-session quota never ran out');
}

/** The edition a page was rendered for. */
async function editionServed(shop: Pick<TestShop, 'get'>, headers: Record<string, string>) {
  const response = await shop.get('de.localhost', '/', headers);
  expect(response.statusCode).toBe(200);
  return /<html lang="[^"]+" data-edition="([^"]+)"/.exec(response.body)?.[1];
}

describe('a shop with TRUST_PROXY unset', () => {
  const shop = useTestShop();

  it('does not give a client that forges X-Forwarded-For a fresh guest-session quota', async () => {
    await spendGuestQuota(shop, '192.0.2.10');
    for (const forged of ['203.0.113.9', '203.0.113.10, 198.51.100.7']) {
      const response = await guestSession(shop, '192.0.2.10', { 'x-forwarded-for': forged });
      expect({ forged, status: response.statusCode }).toEqual({ forged, status: 429 });
    }
  });

  it('serves the edition of the host, whatever X-Forwarded-Host names', async () => {
    expect(await editionServed(shop, {})).toBe('de');
    expect(await editionServed(shop, { 'x-forwarded-host': 'fr.localhost' })).toBe('de');
  });

  it('does not take X-Forwarded-Proto for HTTPS (no HSTS on a plain HTTP local host)', async () => {
    const response = await shop.get('de.localhost', '/', { 'x-forwarded-proto': 'https' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('a shop behind a proxy it trusts (TRUST_PROXY=127.0.0.1)', () => {
  const trustProxy: TrustProxy = ['127.0.0.1'];
  const shop = useTestShop({ trustProxy });

  it("counts the visitor the proxy names in X-Forwarded-For, not the proxy's address", async () => {
    await spendGuestQuota(shop, '127.0.0.1');
    const named = await guestSession(shop, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' });
    expect(named.statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from an address it does not trust', async () => {
    await spendGuestQuota(shop, '192.0.2.20');
    const forged = await guestSession(shop, '192.0.2.20', { 'x-forwarded-for': '203.0.113.9' });
    expect(forged.statusCode).toBe(429);
  });

  it('serves the edition of the host the proxy names in X-Forwarded-Host', async () => {
    expect(await editionServed(shop, { 'x-forwarded-host': 'fr.localhost' })).toBe('fr');
  });

  it('asks for HTTPS only when the proxy says the page was asked for over HTTPS', async () => {
    const viaHttps = await shop.get('de.localhost', '/', { 'x-forwarded-proto': 'https' });
    expect(viaHttps.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const viaHttp = await shop.get('de.localhost', '/', { 'x-forwarded-proto': 'http' });
    expect(viaHttp.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('a shop node in front of an API node that trusts it (TRADE_API_URL)', () => {
  // The API node's TRUST_PROXY names the shop node (here both run on loopback).
  const shop = useTestShop({ apiNode: { trustsShop: true } });

  it('counts each visitor by the address the shop saw, which a visitor cannot forge', async () => {
    await spendGuestQuota(shop, '203.0.113.21');
    const forged = await guestSession(shop, '203.0.113.21', { 'x-forwarded-for': '192.0.2.1' });
    expect(forged.statusCode).toBe(429);
    // Another visitor of the same shop node has a quota of its own.
    expect((await guestSession(shop, '198.51.100.77')).statusCode).toBe(200);
  });
});
