import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import {
  answerAllQuestions,
  clickInWidget,
  hydrated,
  searchInWidget,
  travel,
  useShopBrowser,
  widgetShows,
} from './browser-kit.ts';

const shop = useShopBrowser();

/** Marks the window: a full page load would lose the mark. */
const markWindow = (page: Page) =>
  page.evaluate(() => {
    (window as { shopMark?: number }).shopMark = 1;
  });
const stillSameWindow = (page: Page) =>
  page.evaluate(() => (window as { shopMark?: number }).shopMark === 1);
const pathOf = (page: Page) => new URL(page.url()).pathname;
const heading = (page: Page) => page.$eval('h1', (element) => element.textContent?.trim());

describe('the sell flow in the shop', () => {
  it('moves the URL with the widget, and the back and forward buttons move the widget', async () => {
    const page = await shop.newPage();
    await page.goto(shop.url('localhost', '/'));
    await hydrated(page);
    await markWindow(page);

    // Search → questions: the product page of the device, without a reload.
    await searchInWidget(page, 'iphone 13', 'iPhone 13');
    await page.waitForFunction(() => location.pathname.startsWith('/produkte/'));
    const productPath = pathOf(page);
    await page.waitForFunction(() => document.title.includes('iPhone 13'));
    expect(await heading(page)).toMatch(/iPhone 13/);

    // Questions → offer (same page) → cart → checkout.
    await answerAllQuestions(page);
    expect(pathOf(page)).toBe(productPath);
    await clickInWidget(page, 'button', 'In den Warenkorb');
    await widgetShows(page, '#tradein-cart-heading');
    await page.waitForFunction(() => location.pathname === '/checkout');
    await clickInWidget(page, 'button', 'Zur Kasse');
    await widgetShows(page, '#tradein-checkout-heading');
    expect(pathOf(page)).toBe('/checkout');
    expect(await stillSameWindow(page)).toBe(true);

    // Back: cart, offer, each question (an entry each, on the product page), search; forward:
    // the first question again.
    await travel(page, -1);
    await widgetShows(page, '#tradein-cart-heading');
    expect(pathOf(page)).toBe('/checkout');
    await travel(page, -1);
    await widgetShows(page, '.offer-price');
    expect(pathOf(page)).toBe(productPath);
    await travel(page, -1);
    await widgetShows(page, 'input[type="radio"]');
    const questions = await page.evaluate(
      () =>
        document.querySelector('tradein-widget')?.shadowRoot?.querySelectorAll('.question-step')
          .length ?? 0,
    );
    for (let question = questions; question >= 1; question -= 1) {
      await widgetShows(page, '.question-count', `Frage ${question} `);
      expect(pathOf(page)).toBe(productPath);
      await travel(page, -1);
    }
    expect(pathOf(page)).toBe('/');
    await widgetShows(page, '[role="combobox"]');
    await travel(page, 1);
    await widgetShows(page, 'input[type="radio"]');
    expect(pathOf(page)).toBe(productPath);
    expect(await stillSameWindow(page)).toBe(true);
    await page.close();
  }, 90_000);

  it('restores the step after a reload in the middle of the flow', async () => {
    const page = await shop.newPage();
    await page.goto(shop.url('localhost', '/produkte/apple-iphone-13-128-gb'));
    await hydrated(page);
    await answerAllQuestions(page);
    const price = await page.evaluate(
      () =>
        document.querySelector('tradein-widget')?.shadowRoot?.querySelector('.offer-price')
          ?.textContent,
    );
    await page.reload();
    await hydrated(page);
    await widgetShows(page, '.offer-price', price ?? undefined);
    expect(pathOf(page)).toBe('/produkte/apple-iphone-13-128-gb');
    await page.close();
  }, 60_000);

  it('follows links without reloading the page, data loaded by the router', async () => {
    const page = await shop.newPage(1280);
    await page.goto(shop.url('fr.localhost', '/'));
    await hydrated(page);
    await markWindow(page);
    await page.click('.tile');
    await page.waitForFunction(() => location.pathname.startsWith('/catalogue/'));
    await page.waitForFunction(() => document.querySelector('h1')?.textContent !== '');
    const category = await heading(page);
    expect(category).toMatch(/\S/);
    await page.click('.chips a');
    await page.waitForFunction(() => location.pathname.startsWith('/produits/apercu-'));
    await page.waitForSelector('.link-list a');
    await page.click('.link-list a');
    await page.waitForFunction(
      () => location.pathname.startsWith('/produits/') && !location.pathname.includes('apercu-'),
    );
    await widgetShows(page, 'input[type="radio"]');
    expect(await stillSameWindow(page)).toBe(true);
    await page.goBack();
    await page.waitForFunction(() => location.pathname.startsWith('/produits/apercu-'));
    expect(await stillSameWindow(page)).toBe(true);
    await page.close();
  }, 60_000);
  it('starts its scripts at the first interaction, keeping a step the widget announced before', async () => {
    const page = await shop.newPage();
    await page.goto(shop.url('localhost', '/'), { waitUntil: 'networkidle0' });
    await widgetShows(page, 'input');
    const before = await page.evaluate(() => {
      const shopScripts = performance
        .getEntriesByType('resource')
        .filter(
          (resource) =>
            new URL(resource.name).pathname.startsWith('/assets/') && resource.name.endsWith('.js'),
        );
      const waiting = document.querySelector('script[type="text/x-tradein-deferred-module"]');
      const preloads = document.querySelectorAll('link[rel="modulepreload"]').length;
      // The widget announces a step before the shop listens.
      document.querySelector('tradein-widget')?.dispatchEvent(
        new CustomEvent('tradein:navigate', {
          detail: {
            step: { screen: 'questions', device: 'apple-iphone-13-128-gb' },
            path: '/produkte/apple-iphone-13-128-gb',
          },
          bubbles: true,
          composed: true,
        }),
      );
      return { shopScripts: shopScripts.length, waiting: waiting !== null, preloads };
    });
    expect(before).toEqual({ shopScripts: 0, waiting: true, preloads: 0 });
    await hydrated(page);
    await page.waitForFunction(() => location.pathname === '/produkte/apple-iphone-13-128-gb');
    const step = await page.evaluate(
      () =>
        (history.state as { usr?: { tradeinStep?: { screen?: string } } } | null)?.usr?.tradeinStep
          ?.screen,
    );
    expect(step).toBe('questions');
    await page.close();
  }, 60_000);
  it('loads the widget when a link leads from a page without it into the sell flow', async () => {
    const page = await shop.newPage();
    await page.goto(shop.url('localhost', '/kontakt'));
    await hydrated(page);
    await markWindow(page);
    expect(await page.$('tradein-widget')).toBeNull();
    await page.click('a.brand');
    await page.waitForFunction(() => location.pathname === '/');
    await widgetShows(page, 'input');
    expect(await stillSameWindow(page)).toBe(true);
    await page.close();
  }, 60_000);
});
