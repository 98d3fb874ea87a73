import type { Page } from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenOfLink } from '@tradein/trade-api/test-kit';
import {
  answerAllQuestions,
  axeViolations,
  berlinAddress,
  clickInWidget,
  hydrated,
  mailedTo,
  searchInWidget,
  typeAddress,
  useShopBrowser,
  widgetShows,
} from './browser-kit.ts';

/*
 * The whole account journey of issue 13 on the built shop, as a seller lives it: register on the
 * page, activate with the mailed link, log in, add an address and a bank account, sell a phone
 * through the widget while logged in, find the trade with its timeline, and log out in another
 * tab. After every step the browser's storage holds no password. Then the session's two ends:
 * an expired access token is refreshed unseen, a revoked refresh token logs out with a notice.
 */

const email = 'lena.journey@example.org';
const password = 'Journey-pass-7';

const shop = useShopBrowser();
let page: Page;
beforeAll(async () => {
  page = await shop.newPage();
});

const url = (path: string) => shop.url('localhost', path);

/** Every place of the browser's storage for this origin whose content includes `secret`. */
async function placesHolding(target: Page, secret: string): Promise<string[]> {
  const inPage = await target.evaluate(async (text: string) => {
    const found: string[] = [];
    for (const [name, storage] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const) {
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index) ?? '';
        if (`${key}=${storage.getItem(key) ?? ''}`.includes(text)) found.push(`${name}:${key}`);
      }
    }
    if (document.cookie.includes(text)) found.push('document.cookie');
    for (const info of await indexedDB.databases()) {
      if (info.name === undefined) continue;
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name ?? '');
        request.addEventListener('success', () => resolve(request.result));
        request.addEventListener('error', () => reject(request.error));
      });
      for (const storeName of database.objectStoreNames) {
        const records = await new Promise<unknown[]>((resolve, reject) => {
          const request = database.transaction(storeName).objectStore(storeName).getAll();
          request.addEventListener('success', () => resolve(request.result));
          request.addEventListener('error', () => reject(request.error));
        });
        if (JSON.stringify(records).includes(text))
          found.push(`indexedDB:${info.name}/${storeName}`);
      }
      database.close();
    }
    return found;
  }, secret);
  // Cookies as the browser keeps them, those scripts cannot read (httpOnly) included.
  const cookies = await target.browserContext().cookies();
  const inCookies = cookies
    .filter((cookie) => `${cookie.name}=${cookie.value}`.includes(secret))
    .map((cookie) => `cookie:${cookie.name}`);
  return [...inPage, ...inCookies];
}

/** The account state the client core keeps (remembered login: localStorage). */
function storedAccount(target: Page) {
  return target.evaluate(
    () =>
      JSON.parse(localStorage.getItem('tradein:account') ?? 'null') as {
        accessToken: string;
        refreshToken: string;
        tokenExpiry: number;
      } | null,
  );
}

/** Waits until the account page has drawn its content (no loading placeholder left). */
async function accountShown(target: Page) {
  await target.waitForSelector('main .account-menu', { timeout: 15_000 });
  await target.waitForFunction(() => document.querySelector('main .skeleton') === null, {
    timeout: 15_000,
  });
}

/** Sets the input of the widget's checkout the way typing does. */
async function typeInWidget(target: Page, values: Record<string, string>) {
  await target.evaluate((fields: Record<string, string>) => {
    const root = document.querySelector('tradein-widget')?.shadowRoot;
    for (const [id, value] of Object.entries(fields)) {
      const input = root?.getElementById(id) as HTMLInputElement | null | undefined;
      if (!input) throw new Error(`no #${id} in the checkout`);
      input.focus();
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, values);
}

describe('a seller with a customer account', () => {
  it('registers, activates with the mailed link and logs in, remembered', async () => {
    await page.goto(url('/account/register'));
    await hydrated(page);
    const form = 'form:has(input[name="intent"][value="register"])';
    await page.type(`${form} input[name="email"]`, email);
    await page.type(`${form} input[name="password"]`, password);
    await typeAddress(page, form, {
      salutation: 'ms',
      firstName: 'Lena',
      lastName: 'Schmidt',
      ...berlinAddress,
    });
    await page.click(`${form} button[type="submit"]`);
    const sent = await page.waitForSelector('main output.notice--success', { timeout: 15_000 });
    expect(await sent?.evaluate((element) => element.textContent)).toContain(email);
    expect(await placesHolding(page, password)).toEqual([]);

    const activation = await mailedTo(shop, email, 'activation');
    await page.goto(
      url(`/account/register?token=${tokenOfLink(activation.text, '/account/register')}`),
    );
    await hydrated(page);
    await page.click('main form:has(input[name="token"]) button[type="submit"]');
    await page.waitForSelector('main output.notice--success');
    // The login form comes with the success.
    await page.type('main input[name="email"]', email);
    await page.type('main input[name="password"]', password);
    await page.click('main input[name="remember"]');
    await page.click('main form button[type="submit"]');
    await page.waitForFunction(() => location.pathname === '/account', { timeout: 15_000 });
    await accountShown(page);
    expect(await page.$eval('main h1', (heading) => heading.textContent)).toContain('Lena');
    expect(await storedAccount(page)).not.toBeNull();
    expect(await placesHolding(page, password)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  }, 90_000);

  it('adds an address and a bank account', async () => {
    await page.goto(url('/account/management'));
    await accountShown(page);
    await page.waitForSelector('#addresses li');
    await page.click('#addresses > .actions > button');
    await page.waitForSelector('#addresses form');
    await typeAddress(page, '#addresses', {
      salutation: 'ms',
      firstName: 'Lena',
      lastName: 'Schmidt',
      street: 'Kastanienallee',
      houseNumber: '3',
      zip: '10435',
      city: 'Berlin',
    });
    await page.click('#addresses form button[type="submit"]');
    await page.waitForFunction(() => document.querySelectorAll('#addresses li').length === 2);

    await page.click('#payout-accounts button[name="addAccount"][value="bank"]');
    const bank = '#payout-accounts form';
    await page.waitForSelector(`${bank} input[name="iban"]`);
    await page.type(`${bank} input[name="accountHolder"]`, 'Lena Schmidt');
    await page.type(`${bank} input[name="iban"]`, 'DE89 3704 0044 0532 0130 00');
    await page.click(`${bank} button[type="submit"]`);
    const added = '#payout-accounts li[data-payout-account^="/api/customers/bank_accounts/"]';
    await page.waitForSelector(added);
    await page.click(`${added} button[name="makePrimary"]`);
    await page.waitForSelector(`${added}[data-primary="true"]`);
    expect(await placesHolding(page, password)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);

  let tradeNumber = '';

  it('sells a phone through the widget, logged in, and finds the trade with its timeline', async () => {
    await page.goto(url('/'));
    await hydrated(page);
    await searchInWidget(page, 'iphone 13', 'iPhone 13');
    await answerAllQuestions(page);
    await clickInWidget(page, 'button', 'In den Warenkorb');
    await widgetShows(page, '#tradein-cart-heading');
    await clickInWidget(page, 'button', 'Zur Kasse');
    await widgetShows(page, '#tradein-checkout-heading');
    // The widget knows the login of the shop's page: no guest or login choice, the address.
    await widgetShows(page, '.checkout-account', email);
    await typeInWidget(page, {
      'tradein-checkout-firstName': 'Lena',
      'tradein-checkout-lastName': 'Schmidt',
      'tradein-checkout-street': 'Kastanienallee',
      'tradein-checkout-houseNumber': '3',
      'tradein-checkout-zip': '10435',
      'tradein-checkout-city': 'Berlin',
      'tradein-checkout-accountHolder': 'Lena Schmidt',
      'tradein-checkout-iban': 'DE89370400440532013000',
    });
    await page.evaluate(() => {
      const terms = document
        .querySelector('tradein-widget')
        ?.shadowRoot?.getElementById('tradein-checkout-acceptedTerms') as HTMLInputElement;
      if (!terms.checked) terms.click();
    });
    await clickInWidget(page, 'button[type="submit"]');
    await widgetShows(page, '.thanks-number', undefined, 20_000);
    tradeNumber = await page.evaluate(
      () =>
        document
          .querySelector('tradein-widget')
          ?.shadowRoot?.querySelector('.thanks-number')
          ?.textContent?.trim() ?? '',
    );
    expect(tradeNumber).toMatch(/^T-\d{4}-\d+$/);
    expect(await placesHolding(page, password)).toEqual([]);

    await page.goto(url('/account'));
    await accountShown(page);
    const opener = `button[aria-controls="trade-${tradeNumber}-detail"]`;
    await page.waitForSelector(opener);
    await page.click(opener);
    const detail = `#trade-${tradeNumber}-detail`;
    await page.waitForSelector(`${detail} [data-step="created"]`);
    expect(await page.$eval(opener, (button) => button.getAttribute('aria-expanded'))).toBe('true');
    // Created is reached; received and paid are still to come.
    expect(
      await page.$$eval(`${detail} [data-step]`, (steps) =>
        steps.map((step) => step.getAttribute('data-step')),
      ),
    ).toEqual(expect.arrayContaining(['created', 'received', 'paid']));
    expect(await axeViolations(page)).toEqual([]);
  }, 120_000);

  it('refreshes an expired access token without the seller noticing', async () => {
    const before = await storedAccount(page);
    expect(before).not.toBeNull();
    await page.evaluate(() => {
      const state = JSON.parse(localStorage.getItem('tradein:account') ?? '{}') as object;
      localStorage.setItem('tradein:account', JSON.stringify({ ...state, tokenExpiry: 1 }));
    });
    await page.reload();
    await accountShown(page);
    await page.waitForSelector(`button[aria-controls="trade-${tradeNumber}-detail"]`);
    const after = await storedAccount(page);
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
    expect(after?.tokenExpiry).toBeGreaterThan(Date.now());
    expect(await page.$('main input[name="password"]')).toBeNull();
  }, 60_000);

  it('shows the first tab logged out when the seller logs out in another tab', async () => {
    const other = await page.browserContext().newPage();
    await other.setViewport({ width: 360, height: 780 });
    await other.goto(url('/account/management'));
    await accountShown(other);
    await other.click('main .account-menu button');
    await other.waitForSelector('main input[name="password"]');
    // The first tab follows at once, with the notice why.
    await page.waitForSelector('main input[name="password"]', { timeout: 5_000 });
    await page.waitForSelector('main output.notice');
    expect(await storedAccount(page)).toBeNull();
    expect(await placesHolding(page, password)).toEqual([]);
    await other.close();
  }, 60_000);

  it('logs out with a notice when the refresh token was revoked', async () => {
    await page.type('main input[name="email"]', email);
    await page.type('main input[name="password"]', password);
    await page.click('main input[name="remember"]');
    await page.click('main form button[type="submit"]');
    await accountShown(page);
    const tokens = await storedAccount(page);
    // The session ends on the server (as a logout elsewhere or a password reset would do) while
    // this browser still holds its tokens, now expired.
    const revoked = await fetch(url('/api/account/logout'), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        access: tokens?.accessToken ?? '',
        refresh: tokens?.refreshToken ?? '',
      },
      body: '{}',
    });
    expect(revoked.status).toBe(200);
    await page.evaluate(() => {
      const state = JSON.parse(localStorage.getItem('tradein:account') ?? '{}') as object;
      localStorage.setItem('tradein:account', JSON.stringify({ ...state, tokenExpiry: 1 }));
    });
    await page.reload();
    await page.waitForSelector('main input[name="password"]', { timeout: 15_000 });
    const notice = await page.waitForSelector('main output.notice');
    expect(await notice?.evaluate((element) => element.textContent)).toMatch(/\S/);
    expect(await storedAccount(page)).toBeNull();
    expect(await placesHolding(page, password)).toEqual([]);
  }, 60_000);
});
