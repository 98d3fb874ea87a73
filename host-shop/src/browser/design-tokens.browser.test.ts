import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { useShopBrowser, widgetShows } from './browser-kit.ts';

/*
 * The shop and <tradein-widget> draw with one set of design tokens (widget/src/element/tokens.css,
 * docs/decisions.md "One set of design tokens"): the shop's page, the widget on it and the widget
 * on a partner's page without any theming resolve every token to the same value, in the
 * consumer look and in agan's.
 */

const shop = useShopBrowser();

const tokensFile = readFileSync(
  createRequire(import.meta.url).resolve('@tradein/widget/tokens.css'),
  'utf8',
);

/** Every token the file declares for the page and the element. */
const tokenNames = [...new Set([...tokensFile.matchAll(/(--ti-[a-z0-9-]+):/g)].map((m) => m[1]!))];

/** The public names the shop's body sets from the tokens, which the widget inherits. */
const publicNames = [
  '--tradein-color-text',
  '--tradein-color-accent',
  '--tradein-color-focus',
  '--tradein-color-border',
  '--tradein-font-family',
  '--tradein-radius',
];

type Values = Record<string, string>;

/** The tokens as the page's body resolves them. */
function pageTokens(page: Page, names: readonly string[]): Promise<Values> {
  return page.evaluate((list: string[]) => {
    const style = getComputedStyle(document.body);
    return Object.fromEntries(list.map((name) => [name, style.getPropertyValue(name).trim()]));
  }, names as string[]);
}

/** The tokens as the widget's content (inside its shadow root) resolves them. */
async function widgetTokens(page: Page): Promise<Values> {
  await widgetShows(page, '.root');
  return page.evaluate((list: string[]) => {
    const root = document.querySelector('tradein-widget')?.shadowRoot?.querySelector('.root');
    if (!root) throw new Error('the widget shows nothing');
    const style = getComputedStyle(root);
    return Object.fromEntries(list.map((name) => [name, style.getPropertyValue(name).trim()]));
  }, tokenNames);
}

/**
 * A partner's page without any styles: nothing but the widget's script and element. The page is
 * answered by the test (at an address the shop does not serve: the same origin, as the browser
 * lets a page reach a loopback server only from one), the script by the shop.
 */
async function partnerPage(mode: 'default' | 'agan'): Promise<Page> {
  const page = await shop.newPage(1280);
  const address = shop.url('localhost', '/partner-page-of-the-token-test');
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.url() !== address) {
      void request.continue();
      return;
    }
    void request.respond({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="de"><head><title>Partner</title></head><body>
        <script src="${shop.url('localhost', '/widget/tradein-widget.js')}"></script>
        <tradein-widget edition="de" mode="${mode}"></tradein-widget>
      </body></html>`,
    });
  });
  await page.goto(address);
  return page;
}

describe('the design tokens', () => {
  it('are declared, a complete palette, type scale, space and radius', () => {
    for (const name of [
      '--ti-text',
      '--ti-muted',
      '--ti-surface',
      '--ti-border',
      '--ti-accent',
      '--ti-accent-text',
      '--ti-success',
      '--ti-error',
      '--ti-focus',
      '--ti-size-sm',
      '--ti-size-3xl',
      '--ti-line',
      '--ti-space',
      '--ti-radius',
      '--ti-shadow-sm',
    ]) {
      expect(tokenNames).toContain(name);
    }
  });

  for (const [host, mode] of [
    ['localhost', 'default'],
    ['agan.localhost', 'agan'],
  ] as const) {
    it(`resolve alike in the shop (${host}), the widget on it and the widget on a partner's page`, async () => {
      const page = await shop.newPage(1280);
      await page.goto(shop.url(host, '/'));
      const inShop = await pageTokens(page, tokenNames);
      const widgetInShop = await widgetTokens(page);
      // Every token has a value, the same in the page and in the widget on it.
      expect(tokenNames.filter((name) => inShop[name] === '')).toEqual([]);
      expect(widgetInShop).toEqual(inShop);
      // The shop's rules use the public names: they are the tokens' values.
      const publicValues = await pageTokens(page, publicNames);
      expect(publicValues['--tradein-color-accent']).toBe(inShop['--ti-accent']);
      expect(publicValues['--tradein-font-family']).toBe(inShop['--ti-font']);
      expect(publicValues['--tradein-radius']).toBe(inShop['--ti-radius']);

      const partner = await partnerPage(mode);
      expect(await widgetTokens(partner)).toEqual(inShop);
    }, 60_000);
  }

  it('give agan its own brand and let a partner override a token on the element', async () => {
    const consumer = await widgetTokens(await partnerPage('default'));
    const agan = await widgetTokens(await partnerPage('agan'));
    expect(agan['--ti-accent']).not.toBe(consumer['--ti-accent']);
    expect(agan['--ti-font']).not.toBe(consumer['--ti-font']);

    const page = await partnerPage('default');
    await page.evaluate(() => {
      document.body.style.setProperty('--tradein-color-accent', 'rgb(1, 2, 3)');
      document.querySelector('tradein-widget')?.style.setProperty('--tradein-radius', '3px');
    });
    const themed = await widgetTokens(page);
    // Set on an ancestor or on the element, a public name wins over the brand's value.
    expect(themed['--ti-accent']).toBe('rgb(1, 2, 3)');
    expect(themed['--ti-radius']).toBe('3px');
    expect(themed['--ti-text']).toBe(consumer['--ti-text']);
  }, 60_000);
});
