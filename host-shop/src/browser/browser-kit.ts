import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { apiCaller, mailsTo, tokenOfLink, type ApiCall } from '@tradein/trade-api/test-kit';
import type { OutboxMail } from '@tradein/trade-api/test-kit/outbox-mail';
import { launch, type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../../../scripts/built-server.mjs';

/*
 * Browser tests of the shop as `npm start` serves it: the built server (pages, widget, trade API
 * on a fresh database) and Debian's Chromium driven by puppeteer. Edition hosts are
 * `*.localhost`, which Chromium resolves to this machine.
 */

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Runs in every document before the page's scripts: the visitor has answered the consent banner
 * (refused everything), unless a test changed the answer.
 */
function answerConsent(): void {
  try {
    if (!document.cookie.includes('tradein_consent=')) {
      document.cookie = 'tradein_consent=statistics:0.personalization:0; path=/';
    }
  } catch {
    // A document without cookies (about:blank) has nothing to answer.
  }
}

export interface ShopBrowser {
  server: BuiltServer;
  browser: Browser;
  url(host: string, path: string): string;
  /** Calls of the built server's trade API, on the German host. */
  api: ApiCall;
  /**
   * A fresh page (own cookies and storage) of a phone-sized or desktop window. Like every page
   * of this browser, it comes as a visitor who has answered the consent banner (refused
   * everything): the banner, fixed over the bottom of the window, would cover what a test
   * clicks there. `firstVisit` leaves the question open; `downloadPath` is the folder that
   * takes the page's downloads.
   */
  newPage(width?: number, options?: { firstVisit?: boolean; downloadPath?: string }): Promise<Page>;
  close(): Promise<void>;
}

async function startShopBrowser(): Promise<ShopBrowser> {
  const server = await startBuiltServer({ dataDirPrefix: 'tradein-shop-browser-' });
  const browser = await launch({
    executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const userAgent = await browser.userAgent();
  const firstVisits = new WeakSet<BrowserContext>();
  // Pages a test opens itself (another tab, a context of its own) come answered too.
  browser.on('targetcreated', (target) => {
    if (target.type() !== 'page' || firstVisits.has(target.browserContext())) return;
    // A page closed at once needs no answer.
    target
      .page()
      .then((page) => page?.evaluateOnNewDocument(answerConsent))
      .catch(() => undefined);
  });
  return {
    server,
    browser,
    url: (host, path) => `http://${host}:${server.port}${path}`,
    api: apiCaller(`http://localhost:${server.port}`),
    async newPage(width = 360, { firstVisit = false, downloadPath } = {}) {
      const context = await browser.createBrowserContext(
        downloadPath === undefined ? {} : { downloadBehavior: { policy: 'allow', downloadPath } },
      );
      if (firstVisit) firstVisits.add(context);
      const page = await context.newPage();
      if (!firstVisit) await page.evaluateOnNewDocument(answerConsent);
      await page.setViewport({ width, height: 780 });
      // Headless Chromium names itself `HeadlessChrome`, which the shop treats as a crawler (no
      // interactive 404 page): the tests browse as the seller's browser does.
      await page.setUserAgent({ userAgent: userAgent.replace('HeadlessChrome', 'Chrome') });
      return page;
    },
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}

/** The shop browser as a test file uses it: the file's hooks close it. */
export type TestShopBrowser = Omit<ShopBrowser, 'close'>;

/**
 * Starts the shop browser before the tests of a file and closes it after them. Its members
 * answer once it has started: in hooks and tests, not while the file is collected.
 */
export function useShopBrowser(): TestShopBrowser {
  let started: ShopBrowser | undefined;
  beforeAll(async () => {
    started = await startShopBrowser();
  }, 60_000);
  afterAll(() => started?.close());
  const shop = (): ShopBrowser => {
    if (started === undefined) throw new Error('the shop browser starts before the tests run');
    return started;
  };
  return {
    get server() {
      return shop().server;
    },
    get browser() {
      return shop().browser;
    },
    url: (host, path) => shop().url(host, path),
    api: (method, path, options) => shop().api(method, path, options),
    newPage: (width, options) => shop().newPage(width, options),
  };
}

/** Waits for the first mail of a kind (`activation`, `newsletter-opt-in`, …) to an address. */
export async function mailedTo(
  shop: TestShopBrowser,
  email: string,
  kind: string,
): Promise<OutboxMail> {
  const outbox = join(shop.server.dataDir, 'outbox');
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const mail = (await mailsTo(outbox, email)).find((each) => each.kind === kind);
    if (mail !== undefined) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${kind} mail to ${email} arrived`);
}

/**
 * Registers a customer through the trade API, as the registration page does, and activates the
 * account with the token of the mailed link. `registration` is the test kit's body, or one
 * changed from it (another payout, say).
 */
export async function registerActivated(
  shop: TestShopBrowser,
  registration: { readonly email: string; readonly [field: string]: unknown },
): Promise<void> {
  const { email } = registration;
  const registered = await shop.api('POST', '/api/account/register', { body: registration });
  if (registered.status !== 200) {
    throw new Error(`the registration of ${email} failed: ${registered.status} ${registered.text}`);
  }
  const mail = await mailedTo(shop, email, 'activation');
  const activated = await shop.api('POST', '/api/account/activateRegistration', {
    headers: { token: tokenOfLink(mail.text, '/account/register') },
  });
  if (activated.body['activated'] !== true) {
    throw new Error(`the activation of ${email} failed: ${activated.status} ${activated.text}`);
  }
}

/** Logs a customer in through the trade API; answers the access token. */
export async function customerToken(
  shop: TestShopBrowser,
  email: string,
  password: string,
): Promise<string> {
  const login = await shop.api('POST', '/api/account/login', {
    body: { username: email, password },
  });
  if (login.status !== 200) throw new Error(`the login of ${email} failed: ${login.text}`);
  return String(login.body['access_token']);
}

/** Opens a host's account page, logged out, and logs in with its form. */
export async function logInToAccount(
  shop: TestShopBrowser,
  page: Page,
  host: string,
  credentials: { email: string; password: string },
): Promise<void> {
  await page.goto(shop.url(host, '/account'));
  await hydrated(page);
  await page.waitForSelector('main input[name="email"]');
  await page.type('main input[name="email"]', credentials.email);
  await page.type('main input[name="password"]', credentials.password);
  await page.click('main form button[type="submit"]');
}

/** The text of the first element matching a selector, once it is there. */
export async function textOf(page: Page, selector: string): Promise<string> {
  const element = await page.waitForSelector(selector, { timeout: 15_000 });
  return (await element?.evaluate((node) => node.textContent ?? '')) ?? '';
}

/** An address as the shop's address fields take it. */
export interface TypedAddress {
  salutation: 'ms' | 'mr';
  firstName: string;
  lastName: string;
  street: string;
  houseNumber: string;
  zip: string;
  city: string;
}

/** An address in Berlin as a German seller writes it: street and house number apart. */
export const berlinAddress = {
  street: 'Torstraße',
  houseNumber: '12',
  zip: '10119',
  city: 'Berlin',
} as const;

/** Fills the address fields of a form (the registration's, an account address form) by name. */
export async function typeAddress(page: Page, form: string, address: TypedAddress): Promise<void> {
  await page.select(`${form} select[name="salutation"]`, address.salutation);
  for (const field of ['firstName', 'lastName', 'street', 'houseNumber', 'zip', 'city'] as const) {
    await page.type(`${form} input[name="${field}"]`, address[field]);
  }
}

/** The phone the seller holds: 360 px wide, touch. */
export const phone = { width: 360, height: 740, isMobile: true, hasTouch: true } as const;

/**
 * Photographs the whole page, on the phone's viewport, at 360 and at 1280 px into `folder` as
 * `{name}-360.png` and `{name}-1280.png` for review; `check` runs at each width after its photo.
 * The page is on the phone's viewport again afterwards.
 */
export async function photograph(
  page: Page,
  folder: string,
  name: string,
  check?: (width: number) => Promise<void>,
): Promise<void> {
  await mkdir(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}-${phone.width}.png`), fullPage: true });
  await check?.(phone.width);
  // Only the width changes: switching the touch and mobile emulation would reload the page.
  await page.setViewport({ ...phone, width: 1280 });
  await page.screenshot({ path: join(folder, `${name}-1280.png`), fullPage: true });
  await check?.(1280);
  await page.setViewport(phone);
}

/**
 * Waits until React Router has hydrated the page (its router is ready). The shop's scripts start
 * at the visitor's first interaction (deferred-scripts.server.ts): a key press, as a visitor's
 * first touch or click would.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.waitForFunction(
    () =>
      (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
        .__reactRouterDataRouter?.state.initialized === true,
    { timeout: 15_000 },
  );
}

/** The accessibility violations axe finds on the page (WCAG 2.2 AA and best practice). */
export async function axeViolations(page: Page): Promise<{ id: string; targets: string[] }[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Node,
            options: unknown,
          ): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const results = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      targets: violation.nodes.map((node) => JSON.stringify(node.target)),
    }));
  });
}

/** Waits until the widget's shadow root shows an element matching a selector (and text). */
export async function widgetShows(
  page: Page,
  selector: string,
  text?: string,
  timeout = 20_000,
): Promise<void> {
  await page.waitForFunction(
    (css: string, label: string | undefined) => {
      const root = document.querySelector('tradein-widget')?.shadowRoot;
      return [...(root?.querySelectorAll(css) ?? [])].some(
        (element) => label === undefined || element.textContent?.includes(label),
      );
    },
    { timeout },
    selector,
    text,
  );
}

/** Clicks the first element of the widget's shadow root that matches a selector (and text). */
export async function clickInWidget(page: Page, selector: string, text?: string): Promise<void> {
  await page.evaluate(
    (css: string, label: string | undefined) => {
      const root = document.querySelector('tradein-widget')?.shadowRoot;
      const target = [...(root?.querySelectorAll<HTMLElement>(css) ?? [])].find(
        (element) => label === undefined || element.textContent?.trim() === label,
      );
      if (!target) throw new Error(`no ${css} ${label ?? ''} in the widget`);
      target.click();
    },
    selector,
    text,
  );
}

/** Types a search into the widget's search box and picks the suggestion that names `model`. */
export async function searchInWidget(page: Page, query: string, model: string): Promise<void> {
  await widgetShows(page, '[role="combobox"]');
  await page.evaluate(() => {
    document
      .querySelector('tradein-widget')
      ?.shadowRoot?.querySelector<HTMLInputElement>('[role="combobox"]')
      ?.focus();
  });
  await page.keyboard.type(query);
  await widgetShows(page, '[role="option"]', model);
  await clickInWidget(page, '[role="option"]');
}

/**
 * Fills the widget's guest checkout: each field by its id (`email` is the input
 * `#tradein-checkout-email`, …) as a seller types it, then ticks the terms. A field the checkout
 * does not show fails the test.
 */
export async function fillGuestCheckout(page: Page, fields: Record<string, string>): Promise<void> {
  await widgetShows(page, '#tradein-checkout-email');
  await page.evaluate((values: Record<string, string>) => {
    const root = document.querySelector('tradein-widget')?.shadowRoot;
    for (const [id, value] of Object.entries(values)) {
      const input = root?.getElementById(`tradein-checkout-${id}`) as HTMLInputElement | null;
      if (input === null) throw new Error(`no checkout field ${id}`);
      input.focus();
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    const terms = root?.getElementById('tradein-checkout-acceptedTerms') as HTMLInputElement;
    if (!terms.checked) terms.click();
  }, fields);
}

/** Answers every condition question with its first answer, as a seller taps through them. */
export async function answerAllQuestions(page: Page): Promise<void> {
  await widgetShows(page, 'input[type="radio"]');
  const total = await page.evaluate(
    () =>
      document.querySelector('tradein-widget')?.shadowRoot?.querySelectorAll('.question-step')
        .length ?? 0,
  );
  if (total === 0) throw new Error('the widget shows no condition questions');
  for (let number = 1; number <= total; number += 1) {
    // The step indicator marks the question on view ("Frage 1 von 8" also contains an 8).
    await widgetShows(page, `.question-step:nth-child(${number})[aria-current="step"]`);
    await clickInWidget(page, 'input[type="radio"]');
    await page.waitForFunction(() => {
      const root = document.querySelector('tradein-widget')?.shadowRoot;
      const answer = root?.querySelector<HTMLInputElement>('input[type="radio"]');
      const next = root?.querySelector<HTMLButtonElement>('.actions [part~="primary"]');
      return answer?.checked === true && next !== null && next !== undefined && !next.disabled;
    });
    await clickInWidget(page, '.actions [part~="primary"]');
  }
  await widgetShows(page, '.offer-price');
}

/**
 * Waits until the shop's router has no navigation under way: every step the widget announced
 * has its history entry (the sell-flow layout makes them one after the other, each once its
 * page's data has loaded, which takes a while on a busy machine).
 */
export async function routerSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (window as { __reactRouterDataRouter?: { state: { navigation: { state: string } } } })
        .__reactRouterDataRouter?.state.navigation.state === 'idle',
    { timeout: 20_000 },
  );
}

/**
 * Moves back or forward one history entry and waits until the shop handled it. It starts once
 * the entries of the steps taken so far exist: before, back would leave the page. Entries are
 * told apart by the router's index, which its first entry has too (its `key` it has not).
 */
export async function travel(page: Page, delta: -1 | 1): Promise<void> {
  await routerSettled(page);
  const before = await page.evaluate(() => history.state?.idx as number | undefined);
  await page.evaluate((step) => history.go(step), delta);
  await page.waitForFunction((index) => history.state?.idx !== index, {}, before);
  await routerSettled(page);
}

/**
 * Waits until the widget shows the question whose progress starts with `progress` ("Frage 2 ",
 * "Question 2 sur ").
 */
export async function questionShown(page: Page, progress: string): Promise<void> {
  await page.waitForFunction(
    (wanted: string) =>
      document
        .querySelector('tradein-widget')
        ?.shadowRoot?.querySelector('output.question-count')
        ?.textContent?.startsWith(wanted) === true,
    { timeout: 15_000 },
    progress,
  );
}

/** The label of the chosen answer of the question on view ('' when none). */
export function chosenAnswer(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      document
        .querySelector('tradein-widget')
        ?.shadowRoot?.querySelector('input[type="radio"]:checked')
        ?.closest('label')
        ?.querySelector('.answer-label')
        ?.textContent?.trim() ?? '',
  );
}
