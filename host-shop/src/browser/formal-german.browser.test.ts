import { describe, expect, it } from 'vitest';
import { informalGerman } from '../i18n/informal-german.ts';
import { hydrated, useShopBrowser, widgetShows } from './browser-kit.ts';

const shop = useShopBrowser();

describe('formal German of the B2B host in the browser', () => {
  it('hydrates with the formal catalog: no mismatch, still formal after React took over', async () => {
    const page = await shop.newPage(1280);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(shop.url('b2b.localhost', '/kontakt'), { waitUntil: 'networkidle0' });
    await hydrated(page);
    expect(errors).toEqual([]);
    const text = await page.evaluate(() => document.body.innerText);
    expect(informalGerman(text)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.close();
  }, 60_000);

  it("the B2B host's widget asks formally, the consumer shop's informally", async () => {
    for (const [host, label] of [
      ['b2b.localhost', 'Welches Gerät möchten Sie verkaufen?'],
      ['localhost', 'Welches Gerät möchtest du verkaufen?'],
    ] as const) {
      const page = await shop.newPage(1280);
      await page.goto(shop.url(host, '/'), { waitUntil: 'networkidle0' });
      await widgetShows(page, '[role="combobox"]');
      const shown = await page.evaluate(() => {
        const root = document.querySelector('tradein-widget')?.shadowRoot;
        const input = root?.querySelector('[role="combobox"]');
        return root?.querySelector(`label[for="${input?.id ?? ''}"]`)?.textContent;
      });
      expect(shown).toBe(label);
      await page.close();
    }
  }, 60_000);
});
