import { join } from 'node:path';
import { buildPath, type EditionCode } from '@tradein/editions';
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import {
  answerAllQuestions,
  axeViolations,
  berlinAddress,
  clickInWidget,
  fillGuestCheckout,
  hydrated,
  phone,
  photograph,
  useShopBrowser,
  widgetShows,
} from './browser-kit.ts';

/*
 * The screens a seller judges the shop by, in every edition: home, a sell category, a product,
 * the checkout with a device in the cart, the thank-you page after a real guest checkout,
 * contact and imprint, and the business landing page where the edition has one. Each is
 * photographed at 360 and 1280 px into `host-shop/test-output/edition-screens/` for review, and
 * axe checks it.
 */

const shop = useShopBrowser();
const screenshots = join(import.meta.dirname, '../../test-output/edition-screens');

interface EditionVisit {
  code: EditionCode;
  host: string;
  /** The checkout's address fields as the country writes an address. */
  address: Record<string, string>;
  iban: string;
}

const visits: EditionVisit[] = [
  {
    code: 'de',
    host: 'localhost',
    address: berlinAddress,
    iban: 'DE89370400440532013000',
  },
  {
    code: 'at',
    host: 'at.localhost',
    address: { street: 'Mariahilfer Straße', houseNumber: '45', zip: '1060', city: 'Wien' },
    iban: 'AT611904300234573201',
  },
  {
    code: 'es',
    host: 'es.localhost',
    address: { street: 'Calle Mayor 12', zip: '28013', city: 'Madrid' },
    iban: 'ES9121000418450200051332',
  },
  {
    code: 'fr',
    host: 'fr.localhost',
    address: { street: '12 rue de Rivoli', zip: '75001', city: 'Paris' },
    iban: 'FR1420041010050500013M02606',
  },
  {
    code: 'it',
    host: 'it.localhost',
    address: { street: 'Via Roma 12', zip: '00184', city: 'Roma' },
    iban: 'IT60X0542811101000000123456',
  },
];

/** Photographs the page at 360 and 1280 px (whole page) and checks it with axe at both. */
async function photographAndCheck(page: Page, name: string): Promise<void> {
  await photograph(page, screenshots, name, async (width) => {
    expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
    if (width !== phone.width) return;
    // Nothing is wider than the phone: no sideways scrolling.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `${name} fits 360 px`,
    ).toBe(true);
  });
}

/** Opens a page of the shop, answers 200 and is hydrated. */
async function open(page: Page, host: string, path: string): Promise<void> {
  const response = await page.goto(shop.url(host, path));
  expect(response?.status(), `${host}${path}`).toBe(200);
  await hydrated(page);
}

/** Fills the widget's checkout as a guest (it is sent afterwards). */
function checkOutAsGuest(page: Page, visit: EditionVisit): Promise<void> {
  return fillGuestCheckout(page, {
    email: `screens-${visit.code}@example.org`,
    firstName: 'Alex',
    lastName: 'Muster',
    ...visit.address,
    accountHolder: 'Alex Muster',
    iban: visit.iban,
  });
}

describe('the screens of every edition', () => {
  it.each(visits)(
    '$code: home, category, product, checkout, thank-you, contact, imprint',
    async (visit) => {
      const page = await shop.newPage(phone.width);
      await page.setViewport(phone);
      const name = (screen: string) => `${visit.code}-${screen}`;

      await open(page, visit.host, '/');
      await photographAndCheck(page, name('01-home'));

      // The first sell category the home page links (category slugs are the edition's words).
      const categoryPrefix = buildPath(visit.code, 'sellCategory', { category: 'x' }).slice(0, -1);
      const category = await page.$eval(`main a[href^="${categoryPrefix}"]`, (link) =>
        link.getAttribute('href'),
      );
      expect(category).toMatch(/smartphone|moviles/);
      await open(page, visit.host, category ?? '');
      await photographAndCheck(page, name('02-category'));

      // The product page, its questions answered: the offer goes into the cart, then checkout.
      await open(
        page,
        visit.host,
        buildPath(visit.code, 'productDetail', { pdp: 'apple-iphone-13-128-gb' }),
      );
      await widgetShows(page, 'input[type="radio"]');
      await photographAndCheck(page, name('03-product'));
      await answerAllQuestions(page);
      await clickInWidget(page, '.actions [part~="primary"]');
      await widgetShows(page, '#tradein-cart-heading');
      await clickInWidget(page, '[part~="primary"]');
      await widgetShows(page, '#tradein-checkout-heading');
      await page.waitForFunction(
        (path: string) => location.pathname === path,
        {},
        buildPath(visit.code, 'checkout'),
      );
      await checkOutAsGuest(page, visit);
      await photographAndCheck(page, name('04-checkout'));
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await clickInWidget(page, 'button[type="submit"]');
      await widgetShows(page, '.thanks-number');
      await page.waitForFunction(
        (path: string) => location.pathname === path,
        {},
        buildPath(visit.code, 'thankYou'),
      );
      await photographAndCheck(page, name('05-thank-you'));

      await open(page, visit.host, buildPath(visit.code, 'contact'));
      await photographAndCheck(page, name('06-contact'));

      await open(page, visit.host, '/content/imprint');
      await photographAndCheck(page, name('07-imprint'));
      await page.close();
    },
    180_000,
  );

  it('de: the business landing page and the business home page', async () => {
    const page = await shop.newPage(phone.width);
    await page.setViewport(phone);
    await open(page, 'b2b.localhost', '/b2b/ankaufsportal');
    await photographAndCheck(page, 'de-b2b-08-landing');
    // Its main action starts the business sell flow on the business host.
    expect(await page.$eval('main .actions a', (link) => link.getAttribute('href'))).toBe('/');
    await open(page, 'b2b.localhost', '/');
    await photographAndCheck(page, 'de-b2b-09-home');
    await page.close();
  }, 90_000);

  it('has the business landing page only where the edition offers B2B (Germany)', async () => {
    const page = await shop.newPage(phone.width);
    const statuses: Record<string, number | undefined> = {};
    for (const visit of visits) {
      const response = await page.goto(shop.url(visit.host, '/b2b/ankaufsportal'));
      statuses[visit.code] = response?.status();
    }
    expect(statuses).toEqual({ de: 200, at: 404, es: 404, fr: 404, it: 404 });
    await page.close();
  });
});
