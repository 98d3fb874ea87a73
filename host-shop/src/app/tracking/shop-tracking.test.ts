// @vitest-environment happy-dom
import { $consent } from '@tradein/client-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startShopTracking, stopShopTracking } from './shop-tracking.ts';

const clientId = 'c'.repeat(43);

/** A trade API that issues one client id and records the controlling events it receives. */
function fakeApi(controllingStatus = 200) {
  const events: Record<string, unknown>[] = [];
  const requests: string[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    requests.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname === '/api/client-id') return Response.json({ hash: clientId });
    events.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return Response.json(
      controllingStatus === 200 ? { ok: true } : { error: { code: 'internal' } },
      { status: controllingStatus },
    );
  });
  return { fetch, events, requests };
}

beforeEach(() => {
  $consent.set('unknown');
  document.cookie = 'tradein_client_id=; max-age=0; path=/';
});
afterEach(() => {
  stopShopTracking();
  vi.restoreAllMocks();
});

describe("the shop's tracking", () => {
  it('sends the landing URL’s touchpoint once statistics are allowed, and nothing before', async () => {
    const api = fakeApi();
    const landingUrl = `${location.origin}/?utm_source=newsletter&utm_medium=mail&gclid=abc`;
    const tracker = startShopTracking({
      applicationId: 'tradein-de',
      landingUrl,
      fetch: api.fetch,
    });
    await tracker.settled();
    expect(api.requests).toEqual([]);

    $consent.set('granted');
    await vi.waitFor(() => expect(api.events).toHaveLength(1));
    expect(api.requests).toEqual(['GET /api/client-id', 'POST /api/controlling/controlling']);
    expect(api.events[0]).toEqual({
      clientId,
      applicationId: 'tradein-de',
      url: landingUrl,
      eventName: 'marketing_touchpoint',
      utm_source: 'newsletter',
      utm_medium: 'mail',
      gclid: 'abc',
    });
  });

  it('starts once per page: a second consent sends no second touchpoint', async () => {
    const api = fakeApi();
    $consent.set('granted');
    const options = {
      applicationId: 'tradein-fr',
      landingUrl: `${location.origin}/?utm_source=x`,
      fetch: api.fetch,
    };
    const first = startShopTracking(options);
    await vi.waitFor(() => expect(api.events).toHaveLength(1));
    expect(startShopTracking(options)).toBe(first);
    await first.settled();
    expect(api.events).toHaveLength(1);
  });

  it('raises nothing for a landing URL without touchpoint parameters', async () => {
    const api = fakeApi();
    $consent.set('granted');
    const tracker = startShopTracking({
      applicationId: 'tradein-de',
      landingUrl: `${location.origin}/verkaufen/smartphones?q=iphone`,
      fetch: api.fetch,
    });
    await tracker.settled();
    expect(api.requests).toEqual([]);
  });

  it('logs a failed controlling call as §8 says and lets nothing through to the page', async () => {
    const api = fakeApi(500);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    $consent.set('granted');
    const tracker = startShopTracking({
      applicationId: 'tradein-de',
      landingUrl: `${location.origin}/?utm_source=x`,
      fetch: api.fetch,
    });
    await vi.waitFor(() => expect(api.events.length).toBeGreaterThan(0));
    await tracker.settled();
    expect(errors).toHaveBeenCalledWith('error creating controlling order', expect.anything());
  });
});
