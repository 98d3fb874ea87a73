import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import Cookies from 'js-cookie';
import { controllingEndpoint } from '@tradein/contract';
import { touchpointParameters } from '@tradein/editions/client';
import type { ControllingRequest } from '@tradein/contract';
import { $consent, denyConsent, grantConsent, resetConsent } from './consent.ts';
import { CLIENT_ID_COOKIE } from './client-id.ts';
import { createTracker } from './tracking.ts';
import type { ControllingCall, Tracker, TrackerOptions, TrackingReport } from './tracking.ts';
import { createApiClient } from './http-client.ts';

const PAGE = 'https://shop.example/verkaufen/smartphones';
const AFFILIATE = 'https://affiliate.example';
const CLIENT_ID = 'client-0123456789';

type CallMock = MockInstance<ControllingCall> & ControllingCall;

let call: CallMock;
let fetchMock: MockInstance<typeof fetch> & typeof fetch;
let errors: MockInstance<typeof console.error>;
let trackers: Tracker[] = [];

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function tracker(overrides: Partial<TrackerOptions> = {}): Tracker {
  const created = createTracker({
    call,
    affiliateBaseUrl: AFFILIATE,
    applicationId: 'sell-de',
    fetch: fetchMock,
    location: () => PAGE,
    ...overrides,
  });
  trackers.push(created);
  return created;
}

function sentBodies(): ControllingRequest[] {
  return call.mock.calls.map(([, options]) => options.body);
}

const offer = {
  deviceId: 42,
  offerId: 'offer-1',
  productName: 'iPhone 13',
  revenue: 31_000,
  currency: 'EUR',
};

beforeEach(() => {
  resetConsent();
  Cookies.remove(CLIENT_ID_COOKIE, { path: '/' });
  call = vi.fn<ControllingCall>(async () => ({ ok: true }));
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ hash: CLIENT_ID }));
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  for (const created of trackers) created.stop();
  trackers = [];
  vi.restoreAllMocks();
});

describe('createTracker', () => {
  it.each([
    { name: 'an empty application id', options: { applicationId: '' }, message: /applicationId/ },
    {
      name: 'an application id with spaces',
      options: { applicationId: 'sell de' },
      message: /applicationId/,
    },
    { name: 'a negative queue limit', options: { queueLimit: -1 }, message: /queueLimit/ },
    { name: 'a fractional queue limit', options: { queueLimit: 2.5 }, message: /queueLimit/ },
  ])('refuses $name', ({ options, message }) => {
    expect(() => tracker(options)).toThrow(message);
  });
});

describe('consent gating', () => {
  it('sends nothing, not even the client id request, before consent', async () => {
    const t = tracker();
    t.captureTouchpoints(`${PAGE}?gclid=abc`);
    t.track('offer_generated', offer);
    t.track('offer_add_to_cart', offer);
    t.track('trade_created', { tradeId: 9, revenue: 31_000 });
    await t.settled();
    expect(fetchMock).toHaveBeenCalledTimes(0);
    expect(call).toHaveBeenCalledTimes(0);
    expect(Cookies.get(CLIENT_ID_COOKIE)).toBeUndefined();
  });

  it('flushes queued events in order once consent is granted', async () => {
    const t = tracker();
    t.captureTouchpoints(`${PAGE}?utm_source=news`);
    t.track('offer_generated', { ...offer, offerId: 'offer-a' });
    t.track('offer_add_to_cart', { ...offer, offerId: 'offer-b' });
    t.track('trade_created', { tradeId: 9, revenue: 31_000 });
    grantConsent();
    await t.settled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(
      sentBodies().map((body) => [body.eventName, body.offerId ?? body.tradeId ?? body.utm_source]),
    ).toEqual([
      ['marketing_touchpoint', 'news'],
      ['offer_generated', 'offer-a'],
      ['offer_add_to_cart', 'offer-b'],
      ['trade_created', 9],
    ]);
  });

  it('sends at once when consent is already granted', async () => {
    grantConsent();
    const t = tracker();
    t.track('offer_generated', offer);
    await t.settled();
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('drops queued events when consent is denied, and sends none later', async () => {
    const t = tracker();
    t.track('offer_generated', offer);
    t.track('offer_add_to_cart', offer);
    denyConsent();
    t.track('trade_created', { tradeId: 9, revenue: 31_000 });
    await t.settled();
    grantConsent();
    await t.settled();
    expect(fetchMock).toHaveBeenCalledTimes(0);
    expect(call).toHaveBeenCalledTimes(0);
  });

  it('keeps at most queueLimit events, the first ones', async () => {
    const t = tracker({ queueLimit: 3 });
    for (const id of ['o-1', 'o-2', 'o-3', 'o-4', 'o-5'])
      t.track('offer_generated', { ...offer, offerId: id });
    grantConsent();
    await t.settled();
    expect(sentBodies().map((body) => body.offerId)).toEqual(['o-1', 'o-2', 'o-3']);
  });

  it('obeys an injected consent store', async () => {
    const t = tracker({ consent: $consent });
    t.track('offer_generated', offer);
    $consent.set('granted');
    await t.settled();
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('does not send an event whose consent was withdrawn while the client id was fetched', async () => {
    const answers: ((response: Response) => void)[] = [];
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => answers.push(resolve)));
    grantConsent();
    const t = tracker();
    t.track('offer_generated', offer);
    denyConsent();
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers[0]?.(jsonResponse({ hash: CLIENT_ID }));
    await t.settled();
    expect(call).toHaveBeenCalledTimes(0);
  });
});

describe('controlling events', () => {
  it('sends events one after another, in the order they happened', async () => {
    const answers: (() => void)[] = [];
    call.mockImplementation(
      () => new Promise((resolve) => answers.push(() => resolve({ ok: true }))),
    );
    grantConsent();
    const t = tracker();
    t.track('offer_generated', offer);
    t.track('offer_add_to_cart', offer);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    // The second waits for the first answer, however slow.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(call).toHaveBeenCalledTimes(1);
    answers[0]?.();
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]?.();
    await t.settled();
    expect(sentBodies().map((body) => body.eventName)).toEqual([
      'offer_generated',
      'offer_add_to_cart',
    ]);
  });

  it('posts clientId, applicationId, url, eventName and the event fields', async () => {
    grantConsent();
    const t = tracker();
    expect(
      t.track('offer_add_to_cart', { ...offer, conditionId: 'good', category: 'Smartphones' }),
    ).toBe(true);
    await t.settled();
    expect(call).toHaveBeenCalledWith(controllingEndpoint, {
      body: {
        clientId: CLIENT_ID,
        applicationId: 'sell-de',
        url: PAGE,
        eventName: 'offer_add_to_cart',
        ...offer,
        conditionId: 'good',
        category: 'Smartphones',
      },
    });
  });

  it.each([
    { name: 'a negative device id', fields: { ...offer, deviceId: -1 } },
    { name: 'fractional revenue cents', fields: { ...offer, revenue: 10.5 } },
    { name: 'a lower-case currency', fields: { ...offer, currency: 'eur' } },
    { name: 'a missing offer id', fields: { deviceId: 42 } },
    { name: 'a malformed voucher code', fields: { ...offer, voucherCode: 'no spaces' } },
  ])('drops an event with $name, with a console error', async ({ fields }) => {
    grantConsent();
    const t = tracker();
    expect(t.track('offer_generated', fields)).toBe(false);
    await t.settled();
    expect(call).toHaveBeenCalledTimes(0);
    expect(fetchMock).toHaveBeenCalledTimes(0);
    expect(errors).toHaveBeenCalledWith(
      'invalid tracking event',
      'offer_generated',
      expect.any(Array),
    );
  });

  it('refuses marketing_touchpoint and unknown names through track', async () => {
    grantConsent();
    const t = tracker();
    expect(t.track('marketing_touchpoint' as 'offer_generated', offer)).toBe(false);
    expect(t.track('page_view' as 'offer_generated', offer)).toBe(false);
    await t.settled();
    expect(call).toHaveBeenCalledTimes(0);
    expect(errors).toHaveBeenCalledTimes(2);
  });

  it('drops an event raised on a page without an http(s) url', async () => {
    grantConsent();
    const t = tracker({ location: () => 'about:blank' });
    expect(t.track('offer_generated', offer)).toBe(false);
    await t.settled();
    expect(call).toHaveBeenCalledTimes(0);
  });

  it('logs a failing post as "error creating controlling order" and throws nothing', async () => {
    const failure = new Error('HTTP 500');
    call.mockRejectedValue(failure);
    grantConsent();
    const t = tracker();
    expect(() => t.track('offer_generated', offer)).not.toThrow();
    await expect(t.settled()).resolves.toBeUndefined();
    expect(errors).toHaveBeenCalledExactlyOnceWith('error creating controlling order', failure);
  });

  it('works with the HTTP client as its call', async () => {
    const requests: { url: string; body: unknown }[] = [];
    const api = createApiClient({
      baseUrl: 'https://api.example',
      environment: 'production',
      fetch: async (input, init) => {
        requests.push({ url: String(input), body: JSON.parse(String(init?.body)) });
        return jsonResponse({ ok: true });
      },
    });
    grantConsent();
    const t = tracker({ call: api.call });
    t.track('trade_created', { tradeId: 9, revenue: 31_000 });
    await t.settled();
    expect(requests).toEqual([
      {
        url: 'https://api.example/api/controlling/controlling',
        body: {
          clientId: CLIENT_ID,
          applicationId: 'sell-de',
          url: PAGE,
          eventName: 'trade_created',
          tradeId: 9,
          revenue: 31_000,
        },
      },
    ]);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('client id', () => {
  function cookieWrites(): string[] {
    return setSpy.mock.results.map((result) => String(result.value));
  }
  let setSpy: MockInstance<typeof Cookies.set>;
  beforeEach(() => {
    setSpy = vi.spyOn(Cookies, 'set');
  });

  it('fetches the id from {affiliate}/api/client-id and keeps it in a cookie for 31536000 s', async () => {
    grantConsent();
    const t = tracker();
    t.track('offer_generated', offer);
    await t.settled();
    expect(fetchMock).toHaveBeenCalledExactlyOnceWith(
      `${AFFILIATE}/api/client-id`,
      expect.objectContaining({ method: 'GET' }),
    );
    expect(Cookies.get(CLIENT_ID_COOKIE)).toBe(CLIENT_ID);
    const [written] = cookieWrites();
    expect(written).toContain(`${CLIENT_ID_COOKIE}=${CLIENT_ID}`);
    expect(written).toContain('; max-age=31536000');
    expect(written).toContain('; path=/');
    expect(written).toContain('; sameSite=Lax');
    expect(written).not.toContain('secure');
  });

  it('marks the cookie Secure when asked to (the default on https pages)', async () => {
    grantConsent();
    const { createClientIdSource } = await import('./client-id.ts');
    const source = createClientIdSource({ fetchClientId: async () => CLIENT_ID, secure: true });
    await source.get();
    expect(cookieWrites()[0]).toContain('; secure');
  });

  it('reuses the cookie and renews it with a fresh expiry on every read', async () => {
    Cookies.set(CLIENT_ID_COOKIE, 'client-existing-id', { path: '/' });
    setSpy.mockClear();
    const first = Date.now() + 1000;
    const later = first + 30 * 24 * 60 * 60 * 1000;
    let time = first;
    grantConsent();
    const t = tracker({ now: () => time });
    t.track('offer_generated', offer);
    await t.settled();
    time = later;
    t.track('offer_add_to_cart', offer);
    await t.settled();
    expect(fetchMock).toHaveBeenCalledTimes(0);
    expect(sentBodies().map((body) => body.clientId)).toEqual([
      'client-existing-id',
      'client-existing-id',
    ]);
    const writes = cookieWrites();
    expect(writes).toHaveLength(2);
    expect(writes[0]).toContain('; max-age=31536000');
    expect(writes[0]).toContain(`; expires=${new Date(first + 31_536_000_000).toUTCString()}`);
    expect(writes[1]).toContain(`; expires=${new Date(later + 31_536_000_000).toUTCString()}`);
    expect(writes[1]).toContain('; max-age=31536000');
  });

  it('replaces a malformed cookie with a fetched id', async () => {
    Cookies.set(CLIENT_ID_COOKIE, 'x', { path: '/' });
    grantConsent();
    const t = tracker();
    t.track('offer_generated', offer);
    await t.settled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentBodies()[0]?.clientId).toBe(CLIENT_ID);
  });

  it('fetches once for concurrent events', async () => {
    grantConsent();
    const t = tracker();
    t.captureTouchpoints(`${PAGE}?awc=1`);
    t.track('offer_generated', offer);
    t.track('offer_add_to_cart', offer);
    await t.settled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentBodies().map((body) => body.clientId)).toEqual([CLIENT_ID, CLIENT_ID, CLIENT_ID]);
  });

  it.each([
    { name: 'a network failure', respond: () => Promise.reject(new TypeError('Failed to fetch')) },
    { name: 'HTTP 503', respond: async () => jsonResponse({}, 503) },
    { name: 'a malformed answer', respond: async () => jsonResponse({ hash: 'x' }) },
  ])(
    'on $name logs "error creating client id", sends nothing and throws nothing',
    async ({ respond }) => {
      fetchMock.mockImplementation(respond);
      grantConsent();
      const t = tracker();
      expect(() => {
        t.track('offer_generated', offer);
        t.track('offer_add_to_cart', offer);
      }).not.toThrow();
      await expect(t.settled()).resolves.toBeUndefined();
      expect(call).toHaveBeenCalledTimes(0);
      expect(errors).toHaveBeenCalledExactlyOnceWith('error creating client id', expect.any(Error));
      expect(Cookies.get(CLIENT_ID_COOKIE)).toBeUndefined();
    },
  );

  it('tries again on the next event after a failure', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    grantConsent();
    const t = tracker();
    t.track('offer_generated', offer);
    await t.settled();
    t.track('offer_add_to_cart', offer);
    await t.settled();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentBodies().map((body) => body.eventName)).toEqual(['offer_add_to_cart']);
  });

  it('joins an affiliate base with a path prefix and a trailing slash', async () => {
    grantConsent();
    const t = tracker({ affiliateBaseUrl: 'https://affiliate.example/tracking/' });
    t.track('offer_generated', offer);
    await t.settled();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://affiliate.example/tracking/api/client-id');
  });
});

describe('touchpoints', () => {
  it.each(touchpointParameters.map((name) => ({ name })))(
    'raises marketing_touchpoint for $name',
    async ({ name }) => {
      grantConsent();
      const t = tracker();
      const url = `${PAGE}?${name}=value-1&other=ignored`;
      expect(t.captureTouchpoints(url)).toBe(true);
      await t.settled();
      expect(sentBodies()).toEqual([
        {
          clientId: CLIENT_ID,
          applicationId: 'sell-de',
          url,
          eventName: 'marketing_touchpoint',
          [name]: 'value-1',
        },
      ]);
    },
  );

  it('sends every parameter of one URL in one event', async () => {
    grantConsent();
    const t = tracker();
    t.captureTouchpoints(`${PAGE}?utm_source=news&utm_medium=email&utm_campaign=spring&gclid=g-1`);
    await t.settled();
    expect(call).toHaveBeenCalledTimes(1);
    expect(sentBodies()[0]).toMatchObject({
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'spring',
      gclid: 'g-1',
    });
  });

  it.each([
    { name: 'no query', url: PAGE },
    { name: 'other parameters only', url: `${PAGE}?page=2&utm=x&gclid_x=1` },
    { name: 'blank values', url: `${PAGE}?gclid=&utm_source=%20` },
    { name: 'an unparsable url', url: 'not a url' },
  ])('raises nothing for a URL with $name', async ({ url }) => {
    grantConsent();
    const t = tracker();
    expect(t.captureTouchpoints(url)).toBe(false);
    await t.settled();
    expect(call).toHaveBeenCalledTimes(0);
    expect(fetchMock).toHaveBeenCalledTimes(0);
  });

  it('reads the current page URL by default', async () => {
    grantConsent();
    const t = tracker({ location: () => `${PAGE}?fbclid=fb-7` });
    expect(t.captureTouchpoints()).toBe(true);
    await t.settled();
    expect(sentBodies()[0]).toMatchObject({ fbclid: 'fb-7', url: `${PAGE}?fbclid=fb-7` });
  });

  it('cuts an over-long value to 500 characters', async () => {
    grantConsent();
    const t = tracker();
    t.captureTouchpoints(`${PAGE}?dyntr=${'a'.repeat(800)}`);
    await t.settled();
    expect(sentBodies()[0]?.dyntr).toHaveLength(500);
  });
});

describe('reports', () => {
  it('reports a login to the tracking layer once consent is granted', async () => {
    const t = tracker();
    const reports: TrackingReport[] = [];
    t.onReport((report) => reports.push(report));
    t.reportLogin('cust-17');
    t.reportPage('404');
    expect(reports).toEqual([]);
    grantConsent();
    expect(reports).toEqual([
      { kind: 'login', customerId: 'cust-17' },
      { kind: 'page', pageType: '404' },
    ]);
    await t.settled();
    expect(call).toHaveBeenCalledTimes(0);
    expect(fetchMock).toHaveBeenCalledTimes(0);
  });

  it('drops reports when consent is denied', () => {
    const t = tracker();
    const listener = vi.fn<(report: TrackingReport) => void>();
    t.onReport(listener);
    t.reportLogin('cust-17');
    denyConsent();
    t.reportLogin('cust-18');
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps a failing listener from breaking the others', () => {
    grantConsent();
    const t = tracker();
    const second = vi.fn<(report: TrackingReport) => void>();
    t.onReport(() => {
      throw new Error('broken tag manager');
    });
    t.onReport(second);
    expect(() => t.reportLogin('cust-17')).not.toThrow();
    expect(second).toHaveBeenCalledWith({ kind: 'login', customerId: 'cust-17' });
  });

  it('stops delivering after unsubscribe and after stop', () => {
    grantConsent();
    const t = tracker();
    const listener = vi.fn<(report: TrackingReport) => void>();
    const unsubscribe = t.onReport(listener);
    unsubscribe();
    t.reportLogin('cust-17');
    t.onReport(listener);
    t.stop();
    t.reportLogin('cust-18');
    expect(listener).not.toHaveBeenCalled();
  });
});
