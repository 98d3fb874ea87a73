import { describe, expect, it } from 'vitest';
import { axeViolations, useShopBrowser } from './browser-kit.ts';

const shop = useShopBrowser();

/** The legal and contact pages of every edition, and of the B2B shop (formal German). */
const pages = [
  ['de.localhost', '/content/imprint'],
  ['de.localhost', '/content/privacy'],
  ['de.localhost', '/kontakt'],
  ['at.localhost', '/content/imprint'],
  ['at.localhost', '/content/privacy'],
  ['at.localhost', '/kontakt'],
  ['es.localhost', '/content/imprint'],
  ['es.localhost', '/content/privacy'],
  ['es.localhost', '/contacto'],
  ['fr.localhost', '/content/imprint'],
  ['fr.localhost', '/content/privacy'],
  ['fr.localhost', '/contact'],
  ['it.localhost', '/content/imprint'],
  ['it.localhost', '/content/privacy'],
  ['it.localhost', '/contatti'],
  ['b2b.localhost', '/content/imprint'],
  ['b2b.localhost', '/content/privacy'],
  ['b2b.localhost', '/kontakt'],
] as const;

describe('the legal and contact pages', () => {
  it.each(pages)(
    '%s%s has no accessibility violations at 360 px',
    async (host, path) => {
      const page = await shop.newPage(360);
      const response = await page.goto(shop.url(host, path));
      expect(response?.status()).toBe(200);
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    },
    30_000,
  );

  it('offers the phone number as a call link, 44 px high, on the contact page', async () => {
    const page = await shop.newPage(360);
    await page.goto(shop.url('fr.localhost', '/contact'));
    const call = await page.waitForSelector('::-p-aria([name="+33 1 12 34 56 78"][role="link"])');
    expect(await call?.evaluate((link) => link.getAttribute('href'))).toBe('tel:+33112345678');
    const box = await call?.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(await page.$eval('.opening-hours', (hours) => hours.textContent)).toContain(
      'lundi–vendredi',
    );
    await page.close();
  }, 30_000);

  it('shows the drawn eKomi seal with consent refused, loading nothing from eKomi', async () => {
    const page = await shop.newPage(1280);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(shop.url('de.localhost', '/content/imprint'));
    const seal = await page.waitForSelector(
      '::-p-aria([name="Unsere Bewertungen bei eKomi lesen (öffnet in einem neuen Tab)"][role="link"])',
    );
    expect(
      await seal?.evaluate((link) => ({
        href: link.getAttribute('href'),
        target: link.getAttribute('target'),
        mark: link.parentElement?.querySelector('svg[aria-hidden="true"]') !== null,
      })),
    ).toEqual({
      href: 'https://www.ekomi.de/bewertungen-tradein-de.html',
      target: '_blank',
      mark: true,
    });
    expect((await seal?.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect(requested.filter((url) => url.includes('ekomi'))).toEqual([]);
    await page.close();
  }, 30_000);
});
