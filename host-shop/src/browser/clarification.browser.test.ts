import { clarificationViewSchema, type ClarificationView } from '@tradein/contract';
import { formatMoney } from '@tradein/editions/client';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutDueDay } from '@tradein/editions/client';
import {
  openClarificationBench,
  type ClarificationBench,
} from '../app/clarification/clarification-test-kit.ts';
import { axeViolations, hydrated, textOf, useShopBrowser } from './browser-kit.ts';

/*
 * The clarification pages in Chromium against the built server, on a phone-sized window: trades
 * made through the API by guests, revised with the operator commands on the server's database,
 * opened by the links of the mails. Elements are found by their structure (states, ids, field
 * names), since the page speaks the edition's language.
 */

const shop = useShopBrowser();
let bench: ClarificationBench;
beforeAll(async () => {
  bench = await openClarificationBench(shop.api, shop.server.dataDir);
}, 60_000);
afterAll(() => bench?.close());

/** A trade of a phone and a tablet, both revised down, with the mailed links. */
const twoDevicesRevisedDown = () => bench.twoDevicesRevisedDown({ photo: true });

async function viewOf(page: string): Promise<ClarificationView> {
  const answer = await shop.api(
    'GET',
    `/api/trade/clarifications/${page.slice('/clarification/'.length)}`,
  );
  return clarificationViewSchema.parse(answer.body);
}

/**
 * Clicks an element in the middle of the window, where no bar fixed to the window's edge (the
 * consent banner) covers it.
 */
async function tap(page: Page, selector: string): Promise<void> {
  await page.$eval(selector, (element) => element.scrollIntoView({ block: 'center' }));
  await page.click(selector);
}

/** Waits until the element that matches a selector has the focus. */
async function focusOn(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (css: string) => document.activeElement === document.querySelector(css),
    { timeout: 15_000 },
    selector,
  );
}

const newTotal = '.clarification-total [data-total="new"]';

describe('the clarification page in the browser', () => {
  it('accepts every revised offer: the total follows the choices, one button confirms', async () => {
    const trade = await twoDevicesRevisedDown();
    const page = await shop.newPage();
    await page.goto(shop.url('localhost', trade.links.page));
    await hydrated(page);
    await page.waitForSelector('main[data-state="open"]');
    // The inspection photo loads (lazily, once in view) through the shop's origin.
    await page.$eval('.clarification-photo img', (image) => image.scrollIntoView());
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('.clarification-photo img');
      return image !== null && image.complete && image.naturalWidth > 0;
    });
    expect(await axeViolations(page)).toEqual([]);

    // Confirming without choices: the page names the devices and takes the focus there.
    await tap(page, '.clarification-confirm');
    await focusOn(page, '.error-summary');
    expect(await page.$$eval('.error-summary a', (links) => links.length)).toBe(2);

    await tap(page, '#decision-group-1-accept');
    await tap(page, '#decision-group-2-return');
    expect(await textOf(page, newTotal)).toBe(formatMoney('de', trade.revised[0] ?? 0));
    await tap(page, '#decision-group-2-accept');
    const total = (trade.revised[0] ?? 0) + (trade.revised[1] ?? 0);
    await page.waitForFunction(
      (css: string, expected: string) => document.querySelector(css)?.textContent === expected,
      {},
      newTotal,
      formatMoney('de', total),
    );
    // The figures are a live region; the payout day counts from now.
    expect(await page.$eval('.clarification-total', (region) => region.getAttribute('role'))).toBe(
      'status',
    );
    expect(
      await page.$eval('[data-payout-day]', (line) => line.getAttribute('data-payout-day')),
    ).toBe(payoutDueDay(new Date(), 'Europe/Berlin'));

    await tap(page, '.clarification-confirm');
    await page.waitForSelector('main[data-state="confirmed"]');
    await focusOn(page, 'main h1');
    expect(await textOf(page, newTotal)).toBe(formatMoney('de', total));
    expect(await axeViolations(page)).toEqual([]);
    const view = await viewOf(trade.links.page);
    expect(view.lines.map((line) => line.decision)).toEqual(['accept', 'accept']);

    // Opened again later: read-only.
    await page.goto(shop.url('localhost', trade.links.page));
    await page.waitForSelector('main[data-state="answered"]');
    expect(await page.$('main input[type="radio"]')).toBeNull();
    await page.close();
  }, 120_000);

  it('sends one device back: chosen before the scripts ran, counted once they run', async () => {
    const trade = await twoDevicesRevisedDown();
    const page = await shop.newPage();
    await page.goto(shop.url('localhost', trade.links.page));
    await page.waitForSelector('main[data-state="open"]');
    // The first touch picks a radio button and starts the scripts.
    await tap(page, '#decision-group-2-return');
    await hydrated(page);
    await page.waitForFunction(
      (css: string, expected: string) => document.querySelector(css)?.textContent === expected,
      {},
      newTotal,
      formatMoney('de', trade.revised[0] ?? 0),
    );
    expect(await page.$eval('[data-returned]', (line) => line.getAttribute('data-returned'))).toBe(
      '1',
    );
    await tap(page, '#decision-group-1-accept');
    await tap(page, '.clarification-confirm');
    await page.waitForSelector('main[data-state="confirmed"]');
    expect(await page.$('main [data-decision="return"]')).not.toBeNull();
    const view = await viewOf(trade.links.page);
    expect(view.lines.map((line) => line.decision)).toEqual(['accept', 'return']);
    expect(view.revisedTotalCents).toBe(trade.revised[0]);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  }, 120_000);

  it('shows an upward correction as good news', async () => {
    const {
      links,
      revised: [raised = 0],
    } = await bench.phoneRevisedUp();
    const page = await shop.newPage();
    await page.goto(shop.url('localhost', links.page));
    await hydrated(page);
    await page.waitForSelector('main[data-state="info"]');
    expect(await textOf(page, '[data-direction="up"] [data-price="revised"]')).toBe(
      formatMoney('de', raised),
    );
    expect(await page.$('main form')).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  }, 120_000);

  it('accepts one offer by its quick answer and confirms it; the link is spent then', async () => {
    const trade = await twoDevicesRevisedDown();
    const [quick = ''] = trade.links.quickAnswers;
    const page = await shop.newPage();
    await page.goto(shop.url('localhost', quick));
    await hydrated(page);
    await page.waitForSelector('main[data-state="quick"]');
    expect(await axeViolations(page)).toEqual([]);
    expect((await viewOf(trade.links.page)).lines[0]?.decision).toBeNull();
    await tap(page, '.clarification-confirm');
    await page.waitForSelector('main[data-state="quick-confirmed"]');
    await focusOn(page, 'main h1');
    expect(new URL(page.url()).search).toBe('?accepted=1');
    expect(await axeViolations(page)).toEqual([]);
    expect((await viewOf(trade.links.page)).lines.map((line) => line.decision)).toEqual([
      'accept',
      null,
    ]);

    const response = await page.goto(shop.url('localhost', quick));
    expect(response?.status()).toBe(404);
    await page.waitForSelector('[data-page-type="404"]');
    await page.close();
  }, 120_000);

  it('shows the expired-link page for an expired or a tampered link', async () => {
    const trade = await twoDevicesRevisedDown();
    const page = await shop.newPage();
    const { link } = trade.links;
    const tampered = `/clarification/${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}/${trade.tradeNumber}`;
    const tamperedResponse = await page.goto(shop.url('localhost', tampered));
    expect(tamperedResponse?.status()).toBe(404);
    const headline = await textOf(page, '[data-page-type="404"] h1');

    await bench.operator.expireLinks(trade.tradeNumber);
    const expired = await page.goto(shop.url('localhost', trade.links.page));
    expect(expired?.status()).toBe(404);
    // The same expired-link variant for both: nothing tells them apart.
    expect(await textOf(page, '[data-page-type="404"] h1')).toBe(headline);
    expect(headline).toBe('Hoppla, dieser Link ist abgelaufen');
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  }, 120_000);

  it('moves the old forms of the links to the new pages', async () => {
    const trade = await twoDevicesRevisedDown();
    const page = await shop.newPage();
    const offerId = trade.links.quickAnswers[0]?.split('/').at(-1) ?? '';
    await page.goto(
      shop.url(
        'localhost',
        `/browser/clarification/id/${trade.links.link}/trade/${trade.tradeNumber}`,
      ),
    );
    await page.waitForSelector('main[data-state="open"]');
    expect(new URL(page.url()).pathname).toBe(trade.links.page);
    await page.goto(
      shop.url(
        'localhost',
        `/browser/clarificationQuickAnswer/id/${trade.links.link}/trade/${trade.tradeNumber}/offerid/${offerId}`,
      ),
    );
    await page.waitForSelector('main[data-state="quick"]');
    expect(new URL(page.url()).pathname).toBe(trade.links.quickAnswers[0]);
    await page.close();
  }, 120_000);
});
