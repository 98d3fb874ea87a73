import { buildSearchRequest, type Device, type Offer } from '@tradein/contract';
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  clickInWidget,
  hydrated,
  useShopBrowser,
  widgetShows,
} from './browser-kit.ts';

const shop = useShopBrowser();

/** A cart line of a real German offer for the first device the search finds for `text`. */
async function cartLineFor(text: string) {
  const found = await shop.api('POST', '/api/trade/searches', {
    body: buildSearchRequest({ kind: 'deviceSearch', text }, 'devices_de', 5),
  });
  const [hit] = (found.body as { hits: { url: string }[] }).hits;
  if (hit === undefined) throw new Error(`no device for ${text}`);
  const lookup = await shop.api('POST', '/api/trade/searches', {
    body: buildSearchRequest({ kind: 'deviceByUrl', url: hit.url }, 'devices_de', 1),
  });
  const [device] = (lookup.body as { hits: Device[] }).hits;
  if (device === undefined) throw new Error(`no device at ${hit.url}`);
  const answers = device.questions.map((question) => ({
    questionId: question.id,
    answerId: question.answers[0]!.id,
  }));
  const created = await shop.api('POST', '/api/trade/offers', {
    body: { edition: 'de', deviceId: device.id, answers },
  });
  const offer = created.body as Offer;
  return {
    line: {
      deviceId: device.id,
      offerId: offer.offerId,
      name: device.name,
      price: offer.priceCents,
      quantity: 1,
    },
    expiresAt: Date.parse(offer.validUntil),
  };
}

/** The header's cart link: its accessible name (the badge is hidden, its words are not). */
function cartLinkName(page: Page): Promise<string> {
  return page.$eval('header a.cart-link', (link) =>
    [...link.childNodes]
      .filter((node) => !(node instanceof HTMLElement && node.getAttribute('aria-hidden')))
      .map((node) => node.textContent)
      .join('')
      .trim(),
  );
}

describe('the header’s cart count', () => {
  it('is on the first paint and follows the cart the widget changes', async () => {
    const page = await shop.newPage();
    const iphone = await cartLineFor('iphone 13');
    const galaxy = await cartLineFor('galaxy s21');
    // A cart stored by an earlier visit (the client core's checkout state), no cookie yet.
    await page.goto(shop.url('localhost', '/kontakt'));
    await page.evaluate(
      (lines, expiry) => {
        localStorage.setItem(
          'tradein:checkout',
          JSON.stringify({
            cart: lines,
            cartExpiry: expiry,
            offerIds: lines.map((line) => line.offerId),
            transactionId: 0,
            voucher: null,
            B2BMode: false,
            priceCalculateDone: false,
            paymentType: 13,
            isPayPalTransaction: false,
          }),
        );
      },
      [iphone.line, { ...galaxy.line, quantity: 2 }],
      Math.min(iphone.expiresAt, galaxy.expiresAt),
    );

    // The checkout page's widget reads the cart and mirrors its count into the cookie; the
    // header, already on the page, follows it.
    await page.goto(shop.url('localhost', '/checkout'));
    await hydrated(page);
    await widgetShows(page, '.cart-line');
    await page.waitForFunction(
      () => document.querySelector('header a.cart-link .cart-link__count')?.textContent === '3',
    );
    expect(await cartLinkName(page)).toBe('Warenkorb, 3 Geräte');

    // Another page: the server renders the count, before any script of the shop runs.
    const answer = await page.goto(shop.url('localhost', '/kontakt'));
    const html = (await answer?.text()) ?? '';
    expect(html).toMatch(/class="cart-link__count" aria-hidden="true">3<\/span>/);
    expect(await axeViolations(page)).toEqual([]);

    // Removing devices in the widget's cart changes the header at once, without navigation.
    await page.goto(shop.url('localhost', '/checkout'));
    await hydrated(page);
    await widgetShows(page, '.cart-line');
    await clickInWidget(page, 'button', 'Entfernen');
    await page.waitForFunction(
      () => document.querySelector('header a.cart-link .cart-link__count')?.textContent === '2',
    );
    await clickInWidget(page, 'button', 'Entfernen');
    await page.waitForFunction(
      () => document.querySelector('header a.cart-link .cart-link__count') === null,
    );
    expect(await cartLinkName(page)).toBe('Warenkorb');
    expect(await page.evaluate(() => document.cookie)).not.toContain('tradein_cart_count');
  });
});
