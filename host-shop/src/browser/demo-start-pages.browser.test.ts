import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, useShopBrowser } from './browser-kit.ts';

/*
 * The demo start pages (`/demo/`, `/demo/de.html`), a partner manager's first look, as the shop
 * server serves them: the snippet with this server's script URL, the copy button, the event log
 * beside a live widget, the themed widget, every widget working under the page's own strict
 * policy, axe and a phone's width. `demo/src/demo-reference.test.ts` checks their tables
 * against the widget's source.
 */

const shop = useShopBrowser();

const workspaceRoot = fileURLToPath(new URL('../../../', import.meta.url));

beforeAll(() => {
  // The pages and their script are built by the demo workspace (`npm run build` builds it too).
  const built = ['demo/index.html', 'demo/de.html', 'demo/dist/start-page.js'];
  if (built.every((file) => existsSync(`${workspaceRoot}${file}`))) return;
  execFileSync('npm', ['run', 'build', '--silent', '-w', '@tradein/demo'], {
    cwd: workspaceRoot,
    stdio: 'inherit',
  });
}, 120_000);

const pages = [
  {
    path: '/demo/',
    language: 'en',
    copySnippet: 'Copy snippet',
    copied: 'Copied to the clipboard.',
    otherLanguage: 'Deutsch',
    otherPath: '/demo/de.html',
  },
  {
    path: '/demo/de.html',
    language: 'de',
    copySnippet: 'Snippet kopieren',
    copied: 'In die Zwischenablage kopiert.',
    otherLanguage: 'English',
    otherPath: '/demo/',
  },
] as const;

/** Opens a demo page, counting what its Content-Security-Policy blocks. */
async function openDemoPage(path: string, width: number): Promise<Page> {
  const page = await shop.newPage(width);
  await page.evaluateOnNewDocument(() => {
    const blocked: string[] = [];
    Object.defineProperty(window, 'blockedByPolicy', { value: blocked });
    document.addEventListener('securitypolicyviolation', (event) => {
      blocked.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(shop.url('localhost', path), { waitUntil: 'networkidle0' });
  return page;
}

function blockedByPolicy(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { blockedByPolicy: string[] }).blockedByPolicy);
}

/**
 * Waits until every widget of the page shows its first screen's heading. Four widgets load their
 * screens at once: 30 s on a busy machine; a timeout names the widgets still without one.
 */
async function widgetsShown(page: Page, count: number): Promise<void> {
  try {
    await page.waitForFunction(
      (expected: number) => {
        const widgets = [...document.querySelectorAll('tradein-widget')];
        return (
          widgets.length === expected &&
          widgets.every((widget) => widget.shadowRoot?.querySelector('[part~="heading"]'))
        );
      },
      { timeout: 30_000 },
      count,
    );
  } catch (error) {
    const waiting = await page.$$eval('tradein-widget', (widgets) =>
      widgets
        .filter((widget) => !widget.shadowRoot?.querySelector('[part~="heading"]'))
        .map((widget) => `${widget.outerHTML}: ${widget.shadowRoot?.innerHTML.slice(0, 300)}`),
    );
    throw new Error(`widgets without a heading: ${waiting.join('\n')}`, { cause: error });
  }
}

describe.each(pages)('the demo start page $path', (demo) => {
  it('offers the snippet with this server’s script URL, and copies it', async () => {
    const page = await openDemoPage(demo.path, 1280);
    const origin = new URL(shop.url('localhost', '/')).origin;
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(demo.language);
    const snippet = await page.$eval('#snippet', (element) => element.textContent);
    expect(snippet).toBe(
      `<script src="${origin}/widget/tradein-widget.js"></script>\n` +
        '<tradein-widget edition="de"></tradein-widget>',
    );

    await page.browserContext().overridePermissions(origin, ['clipboard-read', 'clipboard-write']);
    await page.locator(`::-p-aria(${demo.copySnippet}[role="button"])`).click();
    await page.waitForFunction(
      (text: string) => document.getElementById('snippet-copied')?.textContent === text,
      { timeout: 5_000 },
      demo.copied,
    );
    // The feedback is a status message: screen readers announce it.
    expect(await page.$eval('#snippet-copied', (element) => element.getAttribute('role'))).toBe(
      'status',
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    await page.close();
  }, 90_000);

  it('logs the live widget’s events as they fire', async () => {
    const page = await openDemoPage(demo.path, 1280);
    await widgetsShown(page, 4);
    const logged = () =>
      page.$$eval('#event-log li .event-name', (names) => names.map((name) => name.textContent));
    await page.waitForFunction(() => document.querySelector('#event-log li') !== null);
    expect(await logged()).toEqual(['tradein:ready']);
    expect(await page.$eval('#event-log-empty', (element) => element.hasAttribute('hidden'))).toBe(
      true,
    );

    // The widget starts in browsing (`category`): choosing a tile is the seller's first step.
    await page.waitForFunction(
      () =>
        document.getElementById('events-widget')?.shadowRoot?.querySelector('[part~="tile"]') !==
        null,
      { timeout: 20_000 },
    );
    await page.$eval('#events-widget', (widget) => {
      const tile = widget.shadowRoot?.querySelector('[part~="tile"]');
      if (!(tile instanceof HTMLElement)) throw new Error('no tile to choose');
      tile.click();
    });
    await page.waitForFunction(() => document.querySelectorAll('#event-log li').length >= 2, {
      timeout: 20_000,
    });
    expect(await logged()).toEqual(['tradein:ready', 'tradein:navigate']);
    const detail = JSON.parse(
      await page.$eval('#event-log li:last-child .event-detail', (code) => code.textContent ?? ''),
    ) as { step: { screen: string }; path: string };
    expect(detail.step.screen).toBe('browse');
    expect(detail.path).toMatch(/^\//);
    await page.close();
  }, 90_000);

  it('themes the widget beside the CSS with its custom properties and parts', async () => {
    const page = await openDemoPage(demo.path, 1280);
    await widgetsShown(page, 4);
    const themed = await page.$eval('tradein-widget.themed', (widget) => {
      const root = widget.shadowRoot?.querySelector('[part~="root"]');
      const heading = widget.shadowRoot?.querySelector('[part~="heading"]');
      if (!root || !heading) throw new Error('the themed widget shows no root or heading');
      return {
        property: getComputedStyle(widget).getPropertyValue('--tradein-color-background').trim(),
        background: getComputedStyle(root).backgroundColor,
        font: getComputedStyle(root).fontFamily,
        heading: getComputedStyle(heading).textTransform,
      };
    });
    expect(themed).toEqual({
      property: '#fbf7ee',
      background: 'rgb(251, 247, 238)',
      font: expect.stringMatching(/^Georgia/),
      heading: 'uppercase',
    });
    const plain = await page.$eval('#events-widget', (widget) => {
      const root = widget.shadowRoot?.querySelector('[part~="root"]');
      return root ? getComputedStyle(root).backgroundColor : '';
    });
    expect(plain).not.toBe('rgb(251, 247, 238)');
    await page.close();
  }, 90_000);

  it('runs every widget under its own strict policy, which blocks nothing they need', async () => {
    const page = await openDemoPage(demo.path, 1280);
    await widgetsShown(page, 4);
    const policy = await page.$eval(
      'meta[http-equiv="Content-Security-Policy"]',
      (meta) => (meta as HTMLMetaElement).content,
    );
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('unsafe');
    expect(await page.$eval('#page-policy', (element) => element.textContent)).toBe(policy);
    // The partner's policy names this server's origin.
    const origin = new URL(shop.url('localhost', '/')).origin;
    expect(await page.$eval('#csp-policy', (element) => element.textContent)).toContain(
      `script-src 'self' ${origin};`,
    );
    // The widget under the policy loaded its device and questions from the API (connect-src)
    // and shows the device's image (img-src).
    await page.waitForFunction(
      () => {
        const root = document.getElementById('csp-widget')?.shadowRoot;
        const image = root?.querySelector('[part~="device-header"] img');
        return (
          root?.querySelector('[part~="progress"]') &&
          image instanceof HTMLImageElement &&
          image.complete &&
          image.naturalWidth > 0
        );
      },
      { timeout: 20_000 },
    );
    // The conditions video of the edition plays from our origin (media-src).
    await page.$eval('#csp-widget', (widget) => {
      const summary = widget.shadowRoot?.querySelector('[part~="conditions-video"] summary');
      if (!(summary instanceof HTMLElement)) throw new Error('no conditions video to open');
      summary.click();
    });
    await page.waitForFunction(
      () => {
        const video = document.getElementById('csp-widget')?.shadowRoot?.querySelector('video');
        return video instanceof HTMLVideoElement && video.readyState >= 1;
      },
      { timeout: 20_000 },
    );
    expect(await blockedByPolicy(page)).toEqual([]);
    // The policy is in force: an inline script is refused.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
    });
    await page.waitForFunction(
      () => (window as unknown as { blockedByPolicy: string[] }).blockedByPolicy.length > 0,
    );
    expect(await page.evaluate(() => 'inlineRan' in window)).toBe(false);
    expect(await blockedByPolicy(page)).toEqual(['script-src-elem inline']);
    await page.close();
  }, 90_000);

  it.each([360, 1280])(
    'axe finds nothing, and nothing is wider than the window at %i px',
    async (width) => {
      const page = await openDemoPage(demo.path, width);
      await widgetsShown(page, 4);
      // The copy buttons show once the page's script runs.
      await page.locator(`::-p-aria(${demo.copySnippet}[role="button"])`).wait();
      expect(await axeViolations(page)).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      await page.close();
    },
    90_000,
  );

  it('links the other language', async () => {
    const page = await openDemoPage(demo.path, 360);
    const alternates = await page.$$eval('link[rel="alternate"]', (links) =>
      links.map((link) => [link.getAttribute('hreflang'), new URL(link.href).pathname]),
    );
    expect(alternates).toEqual([
      ['en', '/demo/'],
      ['de', '/demo/de.html'],
      ['x-default', '/demo/'],
    ]);
    await Promise.all([
      page.waitForNavigation(),
      page.locator(`::-p-aria(${demo.otherLanguage}[role="link"])`).click(),
    ]);
    expect(new URL(page.url()).pathname).toBe(demo.otherPath);
    await page.close();
  }, 90_000);
});
