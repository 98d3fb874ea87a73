import { describe, expect, it } from 'vitest';
import { axeViolations, hydrated, useShopBrowser } from './browser-kit.ts';

const shop = useShopBrowser();

/** One page of every type, and the home page of every shop mode. */
const pages = [
  ['localhost', '/'],
  ['localhost', '/verkaufen/smartphones'],
  ['localhost', '/produkte/uebersicht-apple'],
  ['localhost', '/produkte/apple-iphone-13-128-gb'],
  ['localhost', '/checkout'],
  ['localhost', '/thankYou'],
  ['localhost', '/kontakt'],
  ['localhost', '/content/how-it-works'],
  ['localhost', '/account'],
  ['localhost', '/account/register'],
  ['fr.localhost', '/account/password-forgot'],
  ['es.localhost', '/account/management'],
  ['it.localhost', '/account/payment-change'],
  ['at.localhost', '/account/address-change'],
  ['localhost', `/account/register?token=${'a'.repeat(43)}`],
  ['fr.localhost', `/account/confirm-trade?token=${'a'.repeat(43)}`],
  ['es.localhost', `/account/password-reset?token=${'a'.repeat(43)}`],
  ['localhost', '/b2b/ankaufsportal'],
  ['localhost', '/no-such-page'],
  ['it.localhost', '/'],
  ['b2b.localhost', '/'],
  ['agan.localhost', '/'],
  ['aganwidget.localhost', '/kontakt'],
] as const;

describe('every page type', () => {
  it.each(pages)(
    '%s%s: axe finds nothing at 360 px and 1280 px',
    async (host, path) => {
      for (const width of [360, 1280]) {
        const page = await shop.newPage(width);
        const failed: string[] = [];
        page.on('response', (response) => {
          if (response.status() >= 400 && response.url() !== shop.url(host, path)) {
            failed.push(`${response.status()} ${response.url()}`);
          }
        });
        await page.goto(shop.url(host, path), { waitUntil: 'networkidle0' });
        await hydrated(page);
        // Every image, script and stylesheet the page asks for is there.
        expect(failed).toEqual([]);
        expect(await axeViolations(page)).toEqual([]);
        // Nothing is wider than the window: no sideways scrolling on a phone.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        ).toBe(true);
        await page.close();
      }
    },
    60_000,
  );

  it('gives every control of the page a 44 px touch target on a phone', async () => {
    // A first visit, the consent banner open: its controls count too (answered, it is hidden
    // and its controls have no box at all).
    const page = await shop.newPage(360, { firstVisit: true });
    await page.goto(shop.url('localhost', '/kontakt'));
    await hydrated(page);
    const small = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          'header a, footer a, main a.button, button, input, select, textarea',
        ),
      ]
        .map((control) => {
          const box = control.getBoundingClientRect();
          return { html: control.outerHTML.slice(0, 80), width: box.width, height: box.height };
        })
        .filter((box) => box.height < 44 || box.width < 44),
    );
    expect(small).toEqual([]);
    await page.close();
  }, 30_000);

  it('moves the focus to the content with the skip link, by keyboard', async () => {
    const page = await shop.newPage(1280);
    await page.goto(shop.url('localhost', '/kontakt'));
    await hydrated(page);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => location.hash)).toBe('#main');
    await page.close();
  }, 30_000);
});
