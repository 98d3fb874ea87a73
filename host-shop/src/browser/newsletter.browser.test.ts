import type { Page } from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hydrated, mailedTo, useShopBrowser } from './browser-kit.ts';

/*
 * Every newsletter page of §2 in Chromium, as a subscriber meets them: the page without a link,
 * the sign-up, the opt-in link with its confirm button, the enrich form, unsubscribing with its
 * success page, the old German unsubscribe link, and a link that names nothing. Each page is
 * checked with axe.
 */

const email = 'mara.newsletter@example.org';

const shop = useShopBrowser();
let page: Page;
beforeAll(async () => {
  page = await shop.newPage();
});

const url = (path: string) => shop.url('localhost', path);

/** The path of the opt-in mail's link once the mail is in the outbox. */
async function optInPath(): Promise<string> {
  const mail = await mailedTo(shop, email, 'newsletter-opt-in');
  const path = /\/newsletter\/enrich\/[0-9a-f]{64}\?token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (path === null) throw new Error(`no opt-in link in: ${mail.text}`);
  return path[0];
}

async function expectAccessible(): Promise<void> {
  expect({ path: new URL(page.url()).pathname, violations: await axeViolations(page) }).toEqual({
    path: new URL(page.url()).pathname,
    violations: [],
  });
}

describe('a newsletter subscriber', () => {
  let hash = '';

  it('subscribes from the page without a link and confirms with the mailed link', async () => {
    const enrich = await page.goto(url('/newsletter/enrich'));
    expect(enrich?.status()).toBe(200);
    await hydrated(page);
    await expectAccessible();
    await page.type('main input[name="email"]', email);
    await page.click('main form[action="/newsletter/signup"] button[type="submit"]');
    await page.waitForSelector('main .notice--success');

    const link = await optInPath();
    hash = /[0-9a-f]{64}/.exec(link)?.[0] ?? '';
    const opened = await page.goto(url(link));
    expect(opened?.status()).toBe(200);
    await hydrated(page);
    await expectAccessible();
    await page.click('main form:has(input[name="token"]) button[type="submit"]');
    await page.waitForSelector('main [data-notice="confirmed"]');
    await expectAccessible();
  }, 60_000);

  it('adds a first name and topics', async () => {
    await page.type('main input[name="firstName"]', 'Mara');
    await page.select('main select[name="salutation"]', 'ms');
    // By keyboard, as a subscriber may: the box takes the focus and Space ticks it.
    await page.focus('main input[name="interests"][value="sustainability"]');
    await page.keyboard.press('Space');
    await page.click('main form:has(input[name="firstName"]) button[type="submit"]');
    await page.waitForSelector('main [data-notice="saved"]');
    const stored = await fetch(url(`/api/newsletter/subscription?emailHash=${hash}`));
    expect(await stored.json()).toMatchObject({
      status: 'active',
      firstName: 'Mara',
      salutation: 'ms',
      interests: ['sustainability'],
    });
    await expectAccessible();
  }, 30_000);

  it('unsubscribes with the button and lands on the success page', async () => {
    await page.click(`main a[href="/newsletter/unsubscribe/${hash}"]`);
    await page.waitForFunction(
      (path: string) => location.pathname === path,
      {},
      `/newsletter/unsubscribe/${hash}`,
    );
    await page.waitForSelector('main form button[type="submit"]');
    await expectAccessible();
    await page.click('main form button[type="submit"]');
    await page.waitForFunction(() => location.pathname === '/newsletter/unsubscribe/success', {
      timeout: 15_000,
    });
    await page.waitForSelector('main [data-notice="unsubscribed"]');
    const stored = await fetch(url(`/api/newsletter/subscription?emailHash=${hash}`));
    expect(await stored.json()).toMatchObject({ status: 'unsubscribed', firstName: null });
    await expectAccessible();
  }, 30_000);

  it('follows an old German unsubscribe link to the same subscription', async () => {
    const moved = await page.goto(url(`/browser/newsletter/unsubscribe/hash/${hash}`));
    expect(new URL(page.url()).pathname).toBe(`/newsletter/unsubscribe/${hash}`);
    expect(moved?.status()).toBe(200);
    await page.waitForSelector('main [data-notice="alreadyUnsubscribed"]');
    await expectAccessible();
  }, 30_000);

  it('gets a clear page, not an error, for a link that names nothing', async () => {
    const unknown = await page.goto(url(`/newsletter/enrich/${'ef'.repeat(32)}`));
    expect(unknown?.status()).toBe(404);
    await page.waitForSelector('main [data-link-problem="unknown"]');
    expect(await page.$('main a[href="/kontakt"]')).not.toBeNull();
    await expectAccessible();
  }, 30_000);
});
