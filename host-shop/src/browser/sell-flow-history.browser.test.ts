import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import {
  berlinAddress,
  chosenAnswer,
  clickInWidget,
  fillGuestCheckout,
  hydrated,
  questionShown,
  routerSettled,
  travel,
  useShopBrowser,
  widgetShows,
} from './browser-kit.ts';

const shop = useShopBrowser();

/** Waits until the widget shows question `number` ("Frage 2 von 8"). */
const atQuestion = (page: Page, number: number) => questionShown(page, `Frage ${number} `);

/** Chooses the last answer of the question on view and presses Next; returns its label. */
async function answerLastAndGoOn(page: Page): Promise<string> {
  const label = await page.evaluate(() => {
    const root = document.querySelector('tradein-widget')?.shadowRoot;
    const answer = [...(root?.querySelectorAll('label.answer') ?? [])].at(-1);
    answer?.querySelector('input')?.click();
    return answer?.querySelector('.answer-label')?.textContent?.trim() ?? '';
  });
  await page.waitForFunction(() => {
    const next = document
      .querySelector('tradein-widget')
      ?.shadowRoot?.querySelector<HTMLButtonElement>('.actions [part~="primary"]');
    return next !== null && next !== undefined && !next.disabled;
  });
  await clickInWidget(page, '.actions [part~="primary"]');
  return label;
}

describe('the sell flow in the shop, like a website', () => {
  it('makes each question a history entry: back, forward and a reload keep the answers', async () => {
    const page = await shop.newPage(360);
    await page.goto(shop.url('localhost', '/produkte/apple-iphone-13-128-gb'));
    await hydrated(page);
    await atQuestion(page, 1);
    const first = await answerLastAndGoOn(page);
    await atQuestion(page, 2);
    const second = await answerLastAndGoOn(page);
    await atQuestion(page, 3);
    await routerSettled(page);
    const entries = await page.evaluate(() => history.length);

    await travel(page, -1);
    await atQuestion(page, 2);
    expect(await chosenAnswer(page)).toBe(second);
    await travel(page, -1);
    await atQuestion(page, 1);
    expect(await chosenAnswer(page)).toBe(first);
    await travel(page, 1);
    await atQuestion(page, 2);
    expect(await chosenAnswer(page)).toBe(second);
    expect(new URL(page.url()).pathname).toBe('/produkte/apple-iphone-13-128-gb');
    expect(await page.evaluate(() => history.length)).toBe(entries);

    await page.reload();
    await hydrated(page);
    await atQuestion(page, 2);
    expect(await chosenAnswer(page)).toBe(second);
    await travel(page, -1);
    await atQuestion(page, 1);
    expect(await chosenAnswer(page)).toBe(first);
    await page.close();
  }, 90_000);

  it('opens the thank-you page at its top, and back from it shows the trade', async () => {
    const page = await shop.newPage(360);
    await page.goto(shop.url('localhost', '/produkte/apple-iphone-13-128-gb'));
    await hydrated(page);
    await atQuestion(page, 1);
    const total = await page.evaluate(
      () =>
        document.querySelector('tradein-widget')?.shadowRoot?.querySelectorAll('.question-step')
          .length ?? 0,
    );
    for (let number = 1; number <= total; number += 1) {
      await atQuestion(page, number);
      await answerLastAndGoOn(page);
    }
    await widgetShows(page, '.offer-price', undefined, 15_000);
    await clickInWidget(page, 'button', 'In den Warenkorb');
    await widgetShows(page, '#tradein-cart-heading');
    await clickInWidget(page, 'button', 'Zur Kasse');
    await widgetShows(page, '#tradein-checkout-heading');
    await fillGuestCheckout(page, {
      email: 'lena.schmidt@example.org',
      firstName: 'Lena',
      lastName: 'Schmidt',
      ...berlinAddress,
      accountHolder: 'Lena Schmidt',
      iban: 'DE89370400440532013000',
    });
    // The seller is at the bottom of the long checkout when sending it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await clickInWidget(page, 'button[type="submit"]');
    await widgetShows(page, '.thanks-number', undefined, 20_000);
    await page.waitForFunction(() => location.pathname === '/thankYou');
    const tradeNumber = await page.evaluate(
      () =>
        document
          .querySelector('tradein-widget')
          ?.shadowRoot?.querySelector('.thanks-number')
          ?.textContent?.trim() ?? '',
    );
    expect(tradeNumber).toMatch(/^T-\d{4}-\d+$/);
    // At the top of the page, its heading focused: the trade number is in view.
    await page.waitForFunction(() => window.scrollY === 0);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')).toBe(
      'Vielen Dank für deinen Verkauf',
    );
    const numberTop = await page.evaluate(
      () =>
        document
          .querySelector('tradein-widget')
          ?.shadowRoot?.querySelector('.thanks-number')
          ?.getBoundingClientRect().top ?? -1,
    );
    expect(numberTop).toBeGreaterThan(0);
    expect(numberTop).toBeLessThan(780);

    // Back: the emptied checkout shows the trade, never a form to send again.
    await travel(page, -1);
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await widgetShows(page, '.thanks-number', tradeNumber);
    expect(
      await page.evaluate(
        () => document.querySelector('tradein-widget')?.shadowRoot?.querySelector('form') ?? null,
      ),
    ).toBeNull();
    await page.close();
  }, 120_000);
});
