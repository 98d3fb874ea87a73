import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Page } from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registrationBody } from '@tradein/trade-api/test-kit';
import { createI18n } from '../i18n/create-i18n.ts';
import { axeViolations, hydrated, registerActivated, useShopBrowser } from './browser-kit.ts';

/*
 * The payout accounts, the password change and the deletion of an account on the German shop,
 * as a customer uses them: logged in through the page's own login form, on a phone-sized window.
 */

const host = 'localhost';
const email = 'anna.payout@example.org';
const firstPassword = 'Secret-pass-1';
const newPassword = 'Fresh-secret-22';

const shop = useShopBrowser();
// Paid by PayPal, so a new bank account starts as a second choice.
beforeAll(
  () =>
    registerActivated(shop, {
      ...registrationBody(email, 'de-DE', firstPassword),
      Payment: { paymentType: 2, paypalAccount: { email }, bankAccount: null },
    }),
  30_000,
);

/**
 * What the built shop shows for a message: its German text, or, while a message has none yet,
 * its id (the production build keeps ids only). Either way the same as the page computes it.
 */
function shown(descriptor: MessageDescriptor): string {
  return createI18n('de')._({ id: descriptor.id ?? '' });
}

const loginStatus = async (password: string) =>
  (await shop.api('POST', '/api/account/login', { body: { username: email, password } })).status;

/** Types into a field, replacing what it holds. */
async function fill(page: Page, selector: string, text: string): Promise<void> {
  await page.click(selector, { count: 3 });
  await page.keyboard.press('Backspace');
  await page.type(selector, text);
}

/** Logs in through the login form the account pages show when logged out. */
async function logIn(page: Page, password: string): Promise<void> {
  await page.waitForSelector('form input[name="email"]');
  await fill(page, 'form input[name="email"]', email);
  await fill(page, 'form input[name="password"]', password);
  await page.click('form button[type="submit"]');
}

const inputValue = (page: Page, selector: string) =>
  page.$eval(selector, (input) => (input as HTMLInputElement).value);

describe('payout accounts, password and deletion in the account area', () => {
  let page: Page;
  let bankIri = '';

  beforeAll(async () => {
    page = await shop.newPage(360);
  });

  it('adds a bank account only with a valid IBAN, and makes it the payout account', async () => {
    await page.goto(shop.url(host, '/account/management'));
    await hydrated(page);
    await logIn(page, firstPassword);
    // The PayPal account of the registration is the payout account.
    await page.waitForSelector(
      '#payout-accounts li[data-payout-account^="/api/customers/paypal_accounts/"][data-primary="true"]',
    );
    await page.waitForNetworkIdle();
    expect(await axeViolations(page)).toEqual([]);
    // Nothing is wider than the phone's window, and every control is a 44 px touch target.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    const smallControls = await page.$$eval(
      '#payout-accounts button, #password button, #password input:not([hidden]), #delete-account button',
      (controls) =>
        controls
          .filter((control) => {
            const box = control.getBoundingClientRect();
            return box.height < 44 || box.width < 44;
          })
          .map((control) => control.outerHTML.slice(0, 80)),
    );
    expect(smallControls).toEqual([]);

    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/bank_accounts')) {
        saves.push(request.url());
      }
    });
    await page.click('#payout-accounts button[name="addAccount"][value="bank"]');
    const form = '#payout-accounts form';
    // The form opens with the focus in its first field.
    await page.waitForFunction(
      (selector) => document.activeElement === document.querySelector(`${selector} input`),
      {},
      form,
    );
    await page.type(`${form} input[name="accountHolder"]`, 'Anna Muster');
    // A Turkish account: refused at the field, which says that only SEPA accounts are paid.
    const sepaOnly = shown(
      msg`Only bank accounts in the SEPA area are accepted. Please enter the IBAN of such an account, or use PayPal.`,
    );
    await page.type(`${form} input[name="iban"]`, 'TR33 0006 1005 1978 6457 8413 26');
    await page.click(`${form} button[type="submit"]`);
    await page.waitForSelector(`${form} input[name="iban"][aria-invalid="true"]`);
    expect(await page.$eval(`${form} .field-error`, (error) => error.textContent)).toBe(sepaOnly);
    expect(saves).toEqual([]);
    // A wrong check digit (89 is right): refused at the field, nothing sent.
    await fill(page, `${form} input[name="iban"]`, 'DE88 3704 0044 0532 0130 00');
    await page.click(`${form} button[type="submit"]`);
    await page.waitForFunction(
      (selector, sepa) => document.querySelector(`${selector} .field-error`)?.textContent !== sepa,
      {},
      form,
      sepaOnly,
    );
    await page.waitForSelector(`${form} input[name="iban"][aria-invalid="true"]`);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('iban');
    expect(await page.$$(`${form} .field-error`)).toHaveLength(1);
    expect(saves).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    await fill(page, `${form} input[name="iban"]`, 'DE89 3704 0044 0532 0130 00');
    await page.click(`${form} button[type="submit"]`);
    const added = '#payout-accounts li[data-payout-account^="/api/customers/bank_accounts/"]';
    await page.waitForSelector(added);
    await page.waitForSelector('#payout-accounts output.notice--success');
    expect(saves).toHaveLength(1);
    expect(await page.$(form)).toBeNull();
    bankIri = await page.$eval(added, (item) => item.getAttribute('data-payout-account') ?? '');
    // The list shows the IBAN masked, readable in groups.
    expect(await page.$eval(added, (item) => item.textContent)).toContain(
      'DE89 •••• •••• •••• ••30 00',
    );
    expect(await page.$eval(added, (item) => item.getAttribute('data-primary'))).toBe('false');

    await page.click(`${added} button[name="makePrimary"]`);
    await page.waitForSelector(`${added}[data-primary="true"]`);
    expect(
      await page.$$(`#payout-accounts li[data-primary="true"]`).then((items) => items.length),
    ).toBe(1);
  }, 90_000);

  it('shows the new payout account as the current one on the payment-change page', async () => {
    await page.goto(shop.url(host, '/account/payment-change'));
    const current = `.account-record--main[data-payout-account="${bankIri}"]`;
    await page.waitForSelector(current);
    expect(await page.$eval(current, (record) => record.textContent)).toContain('Anna Muster');
    // The PayPal account is offered as the other choice.
    await page.waitForSelector(
      'li[data-payout-account^="/api/customers/paypal_accounts/"] button[name="makePrimary"]',
    );
    await page.waitForNetworkIdle();
    expect(await axeViolations(page)).toEqual([]);
    // Its link back leads to the customer's data.
    expect(await page.$('main p a[href="/account/management"]')).not.toBeNull();
    // The unlocalized alias shows the same page.
    await page.goto(shop.url(host, '/account/paymentChange'));
    await page.waitForSelector(current);
  }, 60_000);

  it('changes the password only with the right current one, and empties the fields', async () => {
    await page.goto(shop.url(host, '/account/management'));
    const form = '#password form';
    await page.waitForSelector(form);
    await page.type(`${form} input[name="currentPassword"]`, 'Not-my-pass-1');
    await page.type(`${form} input[name="password"]`, newPassword);
    await page.type(`${form} input[name="passwordRepeat"]`, newPassword);
    await page.click(`${form} button[type="submit"]`);
    await page.waitForSelector(`${form} input[name="currentPassword"][aria-invalid="true"]`);
    for (const name of ['currentPassword', 'password', 'passwordRepeat']) {
      expect(await inputValue(page, `${form} input[name="${name}"]`)).toBe('');
    }
    expect(await loginStatus(firstPassword)).toBe(200);

    await page.type(`${form} input[name="currentPassword"]`, firstPassword);
    await page.type(`${form} input[name="password"]`, newPassword);
    await page.type(`${form} input[name="passwordRepeat"]`, newPassword);
    await page.click(`${form} button[type="submit"]`);
    await page.waitForSelector('#password output.notice--success');
    expect(await page.$(`${form} [aria-invalid="true"]`)).toBeNull();
    for (const name of ['currentPassword', 'password', 'passwordRepeat']) {
      expect(await inputValue(page, `${form} input[name="${name}"]`)).toBe('');
    }
    expect(await loginStatus(firstPassword)).toBe(401);
    expect(await loginStatus(newPassword)).toBe(200);
  }, 60_000);

  it('logs in with the new password through the form', async () => {
    const fresh = await shop.newPage(1280);
    await fresh.goto(shop.url(host, '/account/management'));
    await hydrated(fresh);
    await logIn(fresh, newPassword);
    await fresh.waitForSelector('#payout-accounts li[data-primary="true"]');
    expect(await fresh.$('input[name="remember"]')).toBeNull();
    // The management page, wide, with everything loaded.
    await fresh.waitForNetworkIdle();
    expect(await axeViolations(fresh)).toEqual([]);
    await fresh.close();
  }, 60_000);

  it('deletes the account after a confirmation step, says so, and refuses the old login', async () => {
    const section = '#delete-account';
    await page.click(`${section} button`);
    const confirmation = `${section} form`;
    await page.waitForSelector(confirmation);
    // The confirmation names what is deleted: login, addresses, payout accounts, phone numbers.
    expect(await page.$$(`${confirmation} li`)).toHaveLength(4);
    expect(await axeViolations(page)).toEqual([]);

    // Without the tick nothing happens but a request to tick it.
    await page.click(`${confirmation} button[type="submit"]`);
    await page.waitForSelector(
      `${confirmation} input[name="confirmDeletion"][aria-invalid="true"]`,
    );
    expect(await loginStatus(newPassword)).toBe(200);

    await page.click(`${confirmation} input[name="confirmDeletion"]`);
    await page.click(`${confirmation} button[type="submit"]`);
    // The account's pages give way to the login form, with the notice of the deletion.
    await page.waitForFunction(() => document.querySelector('#delete-account') === null);
    const notice = await page.$eval('main output.notice', (output) => output.textContent?.trim());
    // In view, though the deletion was at the bottom of a long page.
    expect(
      await page.$eval('main output.notice', (output) => {
        const box = output.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }),
    ).toBe(true);
    expect(notice).toBe(
      shown(
        msg`Your customer account is deleted, and you are logged out. Thank you for trading with us.`,
      ),
    );
    expect(await page.$('#payout-accounts')).toBeNull();
    expect(await axeViolations(page)).toEqual([]);

    await logIn(page, newPassword);
    await page.waitForSelector('form [role="alert"].notice--error');
    expect(await loginStatus(newPassword)).toBe(401);
    expect(await loginStatus(firstPassword)).toBe(401);
  }, 60_000);
});
