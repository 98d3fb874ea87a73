import { getEdition } from '@tradein/editions';
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, hydrated, useShopBrowser } from './browser-kit.ts';

const shop = useShopBrowser();

/** A request the page made, as the network saw it. */
interface Sent {
  method: string;
  url: URL;
  body: string | undefined;
}

/**
 * What Dynamic Yield's first script does that the shop relies on: it writes its visitor id.
 * Every third-party script is answered by such a stub (there is no internet here).
 */
const vendorStub = `
  document.cookie = '_dyid=-4242424242; path=/';
  (window.vendorsRun ??= []).push(document.currentScript.src);`;

/** Our own hosts: the edition hosts of this machine. */
const isOurs = (url: URL) =>
  url.hostname === 'localhost' || url.hostname.endsWith('.localhost') || url.protocol === 'data:';

/**
 * A phone-sized page that records every request it makes and answers third-party scripts with
 * the stub. `before` runs in the page before its own scripts (a consent manager).
 */
async function recordingPage(before?: () => void): Promise<{ page: Page; sent: Sent[] }> {
  const page = await shop.newPage(360, { firstVisit: true });
  const sent: Sent[] = [];
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const url = new URL(request.url());
    sent.push({ method: request.method(), url, body: request.postData() });
    if (isOurs(url)) void request.continue();
    else void request.respond({ status: 200, contentType: 'text/javascript', body: vendorStub });
  });
  if (before !== undefined) await page.evaluateOnNewDocument(before);
  return { page, sent };
}

/** What must not leave the page before consent: tracking, the client id, any third party. */
const tracked = (sent: Sent[]) =>
  sent
    .filter(
      ({ url }) =>
        !isOurs(url) ||
        url.pathname === '/api/client-id' ||
        url.pathname === '/api/controlling/controlling',
    )
    .map(({ method, url }) => `${method} ${url.href}`);

const thirdParty = (sent: Sent[]) =>
  sent.filter(({ url }) => !isOurs(url)).map(({ url }) => url.href);

const touchpoints = (sent: Sent[]) =>
  sent
    .filter(({ url }) => url.pathname === '/api/controlling/controlling')
    .map(({ body }) => JSON.parse(body ?? '{}') as Record<string, unknown>)
    .filter((event) => event['eventName'] === 'marketing_touchpoint');

const bannerShown = (page: Page) =>
  page.$eval('[data-consent-banner]', (banner) => !(banner as HTMLElement).hidden);

const widgetConsent = (page: Page) =>
  page.$eval('tradein-widget', (widget) => widget.getAttribute('tracking-consent'));

const cookie = async (page: Page, name: string) =>
  (await page.browserContext().cookies()).find((candidate) => candidate.name === name)?.value;

/** Waits until the page's tracking call has gone out (the resource timing lists it). */
async function trackingSent(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      performance
        .getEntriesByType('resource')
        .some((entry) => entry.name.endsWith('/api/controlling/controlling')),
    { timeout: 15_000 },
  );
}

/** Gives the page's 1 s consent check (§9) and the shop's scripts time to do what they would. */
async function waitPastConsentCheck(page: Page): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await page.waitForNetworkIdle({ idleTime: 300 });
}

/** A landing page of a campaign: the touchpoint parameters of §9 in its URL. */
const landing = '/?utm_source=newsletter&utm_campaign=spring';

describe.each([
  { host: 'localhost', code: 'de' as const },
  { host: 'fr.localhost', code: 'fr' as const },
])('consent in the $code shop', ({ host, code }) => {
  const edition = getEdition(code);
  // What the edition enables: both editions run Dynamic Yield, show eKomi's seal and slider and
  // offer the help widget (with its account and public chat key).
  const helpWidget = new URL(edition.helpWidget.scriptUrl);
  helpWidget.searchParams.set('account', edition.helpWidget.account);
  helpWidget.searchParams.set('key', edition.helpWidget.chatApiKey);
  const enabledScripts = [
    `https://cdn.dynamicyield.com/api/${edition.dynamicYield.siteId}/api_dynamic.js`,
    `https://cdn.dynamicyield.com/api/${edition.dynamicYield.siteId}/api_static.js`,
    edition.ekomi.sealScriptUrl,
    edition.ekomi.sliderScriptUrl,
    helpWidget.href,
  ];

  it('sends nothing before an answer; the open banner is accessible and shifts nothing', async () => {
    const { page, sent } = await recordingPage();
    await page.goto(shop.url(host, landing), { waitUntil: 'networkidle0' });
    expect(await bannerShown(page)).toBe(true);
    await hydrated(page);
    await waitPastConsentCheck(page);
    expect(tracked(sent)).toEqual([]);
    expect(await widgetConsent(page)).toBeNull();

    expect(await axeViolations(page)).toEqual([]);
    // Keyboard: after the skip link, the banner's first control.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.activeElement?.closest('[data-consent-banner]') !== null),
    ).toBe(true);
    const banner = await page.$eval('[data-consent-banner]', (element) => {
      // Its buttons; the privacy policy is a link inside the sentence.
      const controls = [...element.querySelectorAll('button')].map((control) =>
        control.getBoundingClientRect(),
      );
      return {
        position: getComputedStyle(element).position,
        bottom: element.getBoundingClientRect().bottom,
        smallControls: controls.filter((box) => box.height < 44 || box.width < 44).length,
      };
    });
    expect(banner).toEqual({ position: 'fixed', bottom: 780, smallControls: 0 });
    await page.close();
  }, 60_000);

  it('rejects with one click and then sends nothing, until the footer’s privacy settings allow it', async () => {
    const { page, sent } = await recordingPage();
    await page.goto(shop.url(host, landing), { waitUntil: 'networkidle0' });
    const mainTop = () => page.$eval('main', (main) => main.getBoundingClientRect().top);
    const before = await mainTop();
    await page.click('[data-consent-action="reject"]');
    expect(await bannerShown(page)).toBe(false);
    expect(await mainTop()).toBe(before);
    expect(await widgetConsent(page)).toBe('denied');
    await waitPastConsentCheck(page);
    expect(tracked(sent)).toEqual([]);

    // The answer is kept: the next page asks nothing and sends nothing.
    await page.goto(shop.url(host, landing), { waitUntil: 'networkidle0' });
    expect(await bannerShown(page)).toBe(false);
    await hydrated(page);
    await waitPastConsentCheck(page);
    expect(tracked(sent)).toEqual([]);
    expect(await cookie(page, 'tradein_consent')).toBe('statistics:0.personalization:0');

    // Changed later, on the hydrated page: the footer's "Privacy settings" opens the banner.
    await page.click('[data-consent-action="open"]');
    expect(await bannerShown(page)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    await page.click('[data-consent-category="statistics"]');
    await page.click('[data-consent-action="save"]');
    expect(await bannerShown(page)).toBe(false);
    expect(await widgetConsent(page)).toBe('granted');
    await trackingSent(page);
    expect(touchpoints(sent)).toHaveLength(1);
    expect(await cookie(page, 'tradein_consent')).toBe('statistics:1.personalization:0');
    await page.close();
  }, 60_000);

  it("accepts with one click: the landing URL's touchpoint, the edition's scripts, the cookies", async () => {
    const { page, sent } = await recordingPage();
    await page.goto(shop.url(host, landing), { waitUntil: 'networkidle0' });
    expect(tracked(sent)).toEqual([]);
    await page.click('[data-consent-action="accept"]');
    expect(await bannerShown(page)).toBe(false);
    expect(await widgetConsent(page)).toBe('granted');

    await page.waitForFunction(() => document.cookie.includes('_dyid_server='), {
      timeout: 10_000,
    });
    expect(thirdParty(sent)).toEqual(enabledScripts);
    expect(await page.evaluate(() => (window as { vendorsRun?: string[] }).vendorsRun)).toEqual(
      enabledScripts,
    );
    expect(await cookie(page, '_dyid_server')).toBe('-4242424242');
    expect(await cookie(page, 'tradein_locale')).toBe(edition.language);

    await trackingSent(page);
    const clientIdAsked = sent.findIndex(({ url }) => url.pathname === '/api/client-id');
    expect(clientIdAsked).toBeGreaterThanOrEqual(0);
    expect(touchpoints(sent)).toEqual([
      {
        clientId: expect.stringMatching(/^[\w-]{43}$/),
        applicationId: edition.application,
        url: shop.url(host, landing),
        eventName: 'marketing_touchpoint',
        utm_source: 'newsletter',
        utm_campaign: 'spring',
      },
    ]);
    await page.close();
  }, 60_000);

  it('sends the touchpoint of a returning visitor who allowed statistics, without any interaction', async () => {
    const { page, sent } = await recordingPage();
    await page.setCookie({
      name: 'tradein_consent',
      value: 'statistics:1.personalization:0',
      url: shop.url(host, '/'),
    });
    await page.goto(shop.url(host, landing), { waitUntil: 'networkidle0' });
    expect(await bannerShown(page)).toBe(false);
    // No key, touch or mouse: the shop's scripts start after the first paint for this landing.
    await trackingSent(page);
    expect(touchpoints(sent)).toEqual([
      expect.objectContaining({ eventName: 'marketing_touchpoint', utm_source: 'newsletter' }),
    ]);
    await page.close();
  }, 60_000);

  it('follows a consent manager on the page (IAB TCF v2): its answer wins, our banner stays hidden', async () => {
    // The consent manager knows the visitor refused everything but statistics.
    const { page, sent } = await recordingPage(() => {
      Reflect.set(
        window,
        '__tcfapi',
        (command: string, _version: number, callback: (data: object, success: boolean) => void) => {
          if (command !== 'addEventListener') return;
          callback(
            {
              gdprApplies: true,
              eventStatus: 'tcloaded',
              purpose: { consents: { 1: true, 7: true, 8: true, 9: true } },
            },
            true,
          );
        },
      );
    });
    await page.goto(shop.url(host, landing), { waitUntil: 'networkidle0' });
    expect(await bannerShown(page)).toBe(false);
    expect(await widgetConsent(page)).toBe('granted');
    await hydrated(page);
    await trackingSent(page);
    expect(touchpoints(sent)).toHaveLength(1);
    // eKomi and the help widget (statistics) load; Dynamic Yield (personalization) does not.
    expect(thirdParty(sent)).toEqual([
      edition.ekomi.sealScriptUrl,
      edition.ekomi.sliderScriptUrl,
      helpWidget.href,
    ]);
    expect(await cookie(page, 'tradein_consent')).toBeUndefined();
    expect(await cookie(page, 'tradein_locale')).toBeUndefined();
    await page.close();
  }, 60_000);
});

/** Where an element lies in the window. */
const boxOf = (page: Page, selector: string) =>
  page.$eval(selector, (element) => {
    const { top, bottom, height } = element.getBoundingClientRect();
    return { top, bottom, height };
  });

// At most a third of a 360 × 800 phone, whichever edition's texts it shows: the widget's search
// above it stays usable, and "Reject all" is as big and as reachable as "Accept all".
describe('the consent banner on a 360 × 800 phone', () => {
  it.each(['localhost', 'at.localhost', 'es.localhost', 'fr.localhost', 'it.localhost'])(
    'leaves the search of %s usable above it, rejecting as easy as accepting',
    async (host) => {
      const page = await shop.newPage(360, { firstVisit: true });
      await page.setViewport({ width: 360, height: 800 });
      await page.goto(shop.url(host, '/'), { waitUntil: 'networkidle0' });
      expect(await bannerShown(page)).toBe(true);
      const layout = {
        banner: await boxOf(page, '[data-consent-banner]'),
        // The search field inside the widget's shadow root.
        search: await boxOf(page, 'tradein-widget >>> [role="combobox"]'),
        reject: await boxOf(page, '[data-consent-action="reject"]'),
        accept: await boxOf(page, '[data-consent-action="accept"]'),
        viewport: await page.evaluate(() => window.innerHeight),
      };
      expect(layout.banner.height).toBeLessThanOrEqual(800 / 3);
      expect(layout.search.top).toBeGreaterThanOrEqual(0);
      expect(layout.search.bottom).toBeLessThanOrEqual(layout.banner.top);
      expect(layout.reject.height).toBe(layout.accept.height);
      for (const button of [layout.reject, layout.accept]) {
        expect(button.top).toBeGreaterThanOrEqual(layout.banner.top);
        expect(button.bottom).toBeLessThanOrEqual(Math.min(layout.banner.bottom, layout.viewport));
      }
      await page.close();
    },
    60_000,
  );
});
