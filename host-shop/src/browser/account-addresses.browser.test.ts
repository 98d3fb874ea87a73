import type { HTTPRequest, Page } from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registrationBody } from '@tradein/trade-api/test-kit';
import { axeViolations, registerActivated, typeAddress, useShopBrowser } from './browser-kit.ts';

/*
 * The customer's addresses and phone numbers on the built shop: a customer registered and
 * activated through the API logs in on the management page, adds an address (refused first for
 * its postal code), makes it the main one, adds a phone number, and finds the main address on
 * the address-change page. Elements are found by their form names and the sections' anchors.
 */

const email = 'anna.muster@example.org';
const password = 'Secret-pass-1';

const shop = useShopBrowser();
beforeAll(() => registerActivated(shop, registrationBody(email, 'de-DE', password)), 30_000);

/** The calls of the page that change the customer's data, with their bodies. */
function recordChanges(page: Page): { method: string; path: string; body: unknown }[] {
  const changes: { method: string; path: string; body: unknown }[] = [];
  page.on('request', (request: HTTPRequest) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/api/customers/') || request.method() === 'GET') return;
    const data = request.postData();
    changes.push({
      method: request.method(),
      path: pathname,
      body: data === undefined ? undefined : JSON.parse(data),
    });
  });
  return changes;
}

/** Replaces what a text field holds by typing, as a customer does. */
async function retype(page: Page, selector: string, text: string): Promise<void> {
  await page.click(selector, { count: 3 });
  await page.keyboard.press('Backspace');
  await page.type(selector, text);
}

/** Waits until no part of the page shows its loading placeholder. */
async function loaded(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('main .skeleton') === null, {
    timeout: 15_000,
  });
}

/** The element that has the focus: its tag and form name. */
function focused(page: Page) {
  return page.evaluate(() => ({
    tag: document.activeElement?.tagName.toLowerCase(),
    name: document.activeElement?.getAttribute('name'),
  }));
}

/** The text of the address marked as the main one. */
function mainAddressText(page: Page): Promise<string | null> {
  return page.$eval('main .account-record--main', (card) => card.textContent);
}

async function noSidewaysScrolling(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('the addresses and phone numbers of a logged-in customer', () => {
  it('adds, checks and promotes an address, adds a phone number, shows the main address', async () => {
    const page = await shop.newPage(360);
    const changes = recordChanges(page);
    await page.goto(shop.url('localhost', '/account/management'));

    // Logged out, the page is the login form.
    await page.waitForSelector('main input[name="email"]', { timeout: 15_000 });
    await page.type('main input[name="email"]', email);
    await page.type('main input[name="password"]', password);
    await page.click('main form button[type="submit"]');

    // The registration address is the only one, and the main one.
    await page.waitForSelector('#addresses .account-record--main', { timeout: 15_000 });
    await loaded(page);
    expect(await page.$eval('#personal-details', (section) => section.textContent)).toContain(
      email,
    );
    expect(await page.$$eval('#addresses li', (items) => items.length)).toBe(1);

    // A new address with a postal code Germany does not have: refused at the field, not sent.
    await page.click('#addresses > .actions > button');
    await page.waitForSelector('#addresses form');
    expect((await focused(page)).name).toBe('salutation');
    await typeAddress(page, '#addresses', {
      salutation: 'mr',
      firstName: 'Max',
      lastName: 'Muster',
      street: 'Neue Straße',
      houseNumber: '5',
      zip: '1011',
      city: 'Berlin',
    });
    await page.click('#addresses form button[type="submit"]');
    await page.waitForSelector('#addresses input[name="zip"][aria-invalid="true"]');
    expect(await focused(page)).toEqual({ tag: 'input', name: 'zip' });
    const zipError = await page.$eval('#addresses input[name="zip"]', (input) => {
      const error = document.getElementById(input.getAttribute('aria-describedby') ?? '');
      return error?.classList.contains('field-error') === true && error.textContent !== '';
    });
    expect(zipError).toBe(true);
    expect(await page.$$('#addresses [aria-invalid="true"]')).toHaveLength(1);
    expect(changes).toEqual([]);

    // Corrected, it is saved in the edition's country; the confirmation takes the focus.
    await retype(page, '#addresses input[name="zip"]', '10117');
    await page.click('#addresses form button[type="submit"]');
    await page.waitForSelector('#addresses output.notice--success');
    await page.waitForFunction(() => document.querySelectorAll('#addresses li').length === 2);
    expect((await focused(page)).tag).toBe('output');
    expect(changes).toEqual([
      {
        method: 'PATCH',
        path: '/api/customers/addresses',
        body: {
          salutation: 'mr',
          firstName: 'Max',
          lastName: 'Muster',
          street: 'Neue Straße',
          houseNumber: '5',
          zip: '10117',
          city: 'Berlin',
          country: 'de',
        },
      },
    ]);
    expect(await page.$('#addresses form')).toBeNull();

    // Made the main address: the person record names it, and the list marks it (first).
    const added = await page.$$eval('#addresses li', (items) =>
      items.findIndex((item) => item.textContent?.includes('Neue Straße 5') === true),
    );
    expect(added).toBe(1);
    await page.click(`#addresses li:nth-child(${added + 1}) .actions button:nth-child(2)`);
    await page.waitForFunction(
      () =>
        document
          .querySelector('#addresses li:first-child.account-record--main')
          ?.textContent?.includes('Neue Straße 5') === true,
    );
    expect(changes[1]).toMatchObject({
      method: 'PATCH',
      path: '/api/customers/people',
      body: { address: expect.stringMatching(/^\/api\/customers\/addresses\/\d+$/) },
    });
    expect((await focused(page)).tag).toBe('output');

    // A phone number typed nationally is sent and shown in international form.
    await page.click('#phone-numbers > .actions > button');
    await page.waitForSelector('#phone-numbers input[name="phone"]');
    expect((await focused(page)).name).toBe('phone');
    await page.type('#phone-numbers input[name="phone"]', '0170 1234567');
    await page.click('#phone-numbers form button[type="submit"]');
    await page.waitForSelector('#phone-numbers .phone-number');
    expect(await page.$eval('#phone-numbers .phone-number', (number) => number.textContent)).toBe(
      '+49 170 1234567',
    );
    expect(changes[2]).toEqual({
      method: 'POST',
      path: '/api/customers/phone_contacts',
      body: { phone: '+49 170 1234567', type: 'mobile' },
    });

    await loaded(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(await noSidewaysScrolling(page)).toBe(true);

    // The focused page shows the main address only, and makes another saved one the main one.
    await page.goto(shop.url('localhost', '/account/address-change'));
    await page.waitForSelector('main .account-record--main', { timeout: 15_000 });
    await loaded(page);
    expect(await mainAddressText(page)).toContain('Neue Straße 5');
    expect(await mainAddressText(page)).toContain('10117 Berlin');
    expect(await page.$$('main address')).toHaveLength(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(await noSidewaysScrolling(page)).toBe(true);
    // Its actions: edit the main address, use another saved one, enter a new one.
    await page.click('main section .actions button:nth-child(2)');
    await page.waitForSelector('main section form input[type="radio"]:checked');
    expect(await page.$eval('main section form label', (label) => label.textContent)).toContain(
      'Hauptstraße 1',
    );
    await page.click('main section form button[type="submit"]');
    await page.waitForFunction(
      () =>
        document
          .querySelector('main .account-record--main')
          ?.textContent?.includes('Hauptstraße 1') === true,
    );
    expect((await focused(page)).tag).toBe('output');

    // The unlocalized alias is the same page, and the change was stored.
    await page.goto(shop.url('localhost', '/account/addressChange'));
    await page.waitForSelector('main .account-record--main', { timeout: 15_000 });
    expect(await mainAddressText(page)).toContain('Hauptstraße 1');
    await page.close();
  }, 120_000);
});
