import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readOutbox, testStaffPassword, totpCodeOf } from '@tradein/trade-api/test-kit';
import type { KeyInput, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hydrated, useBackOffice } from '../test-kit/back-office-kit.ts';
import {
  catalogueDevice,
  guestSale,
  payoutAccountEnv,
  sellerIban,
  shopApi,
} from '../test-kit/guest-sale.ts';

/*
 * A day of the back office in Chromium, as the issue tells it: an admin invites an inspector,
 * who sets a password and a TOTP second factor and signs in; receives a guest's parcel by its
 * scanned number; inspects two devices by keyboard (one as answered, one worse, with a photo from
 * the bench); the seller gets the clarification mail and accepts on the shop's page; a payouts
 * clerk makes a SEPA batch whose pain.001 file names the seller's IBAN and amount, and confirms
 * it; the seller's status page shows the trade paid; the audit log shows each step and who did
 * it. axe reports nothing on any screen of the day.
 */

const office = useBackOffice({ env: payoutAccountEnv });

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'inspectors-day-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Focuses the field or control of an accessible name and types into it. */
async function typeInto(page: Page, name: string, text: string): Promise<void> {
  const field = await page.locator(`::-p-aria(${name})`).waitHandle();
  await field.focus();
  await page.keyboard.type(text);
}

/** Focuses the control of an accessible name and presses a key on it. */
async function press(page: Page, name: string, key: KeyInput): Promise<void> {
  const element = await page.locator(`::-p-aria(${name})`).waitHandle();
  await element.focus();
  await page.keyboard.press(key);
}

/** Waits until the page's text contains `text`. */
async function pageSays(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (wanted) => document.body.textContent?.includes(wanted) === true,
    { timeout: 20_000 },
    text,
  );
}

/** Waits until the focus sits on an answer of the findings form, tabbing towards it. */
async function tabToFindings(page: Page): Promise<void> {
  for (let presses = 0; presses < 80; presses += 1) {
    const there = await page.evaluate(() => {
      const focused = document.activeElement;
      return focused instanceof HTMLInputElement && focused.closest('fieldset.finding') !== null;
    });
    if (there) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the findings form cannot be reached by Tab');
}

/** Saves the findings with the bench's shortcut. */
async function saveWithShortcut(page: Page): Promise<void> {
  await page.keyboard.down('Control');
  await page.keyboard.press('Enter');
  await page.keyboard.up('Control');
}

/** Every screen of the day passes axe; answers the pages it found fault with. */
async function expectAxeClean(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect({ page: new URL(page.url()).pathname, violations }).toEqual({
    page: new URL(page.url()).pathname,
    violations: [],
  });
}

/** The first link to the shop's path `pattern` in the mails to `email` (waits for it). */
async function mailedPath(email: string, pattern: RegExp): Promise<string> {
  const outbox = join(office.server.dataDir, 'outbox');
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const mails = (await readOutbox(outbox)).filter((mail) => mail.to.includes(email));
    const found = mails.map((mail) => pattern.exec(mail.text)?.[0]).findLast(Boolean);
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${email} links ${pattern.source}`);
}

describe("an inspector's day", () => {
  it('goes from the invitation to the paid trade, every step audited with who did it', async () => {
    const api = shopApi(office);
    const sellerEmail = 'day.seller@example.com';
    const sale = await guestSale(api, sellerEmail, [
      { device: await catalogueDevice(api, 'iphone 13'), pick: 'best' },
      { device: await catalogueDevice(api, 'galaxy s21'), pick: 'best' },
    ]);
    const { tradeNumber } = sale;

    // An admin invites the inspector in the browser.
    const admin = await office.staff('day.admin@example.com', ['admin']);
    const adminPage = await office.newPage({ session: admin });
    await adminPage.goto(office.url('/staff'));
    await hydrated(adminPage);
    await typeInto(adminPage, 'E-mail', 'day.inspector@example.com');
    await press(adminPage, 'Inspector[role="checkbox"]', 'Space');
    await press(adminPage, 'Invite[role="button"]', 'Enter');
    await pageSays(adminPage, 'day.inspector@example.com is invited.');
    const link = await adminPage.$eval('.copyable', (code) => code.textContent ?? '');
    expect(link).toMatch(/^http:\/\/ops\.localhost:\d+\/invitation\/[A-Za-z0-9_-]{43}$/);

    // The inspector sets a password and a second factor, then signs in.
    const bench = await office.newPage();
    await bench.goto(link);
    await hydrated(bench);
    await expectAxeClean(bench);
    const secret = await bench.$eval('.enrolment__secret', (code) => code.textContent ?? '');
    await typeInto(bench, 'New password', testStaffPassword);
    await typeInto(bench, 'The password again', testStaffPassword);
    await typeInto(bench, 'Code your app shows now', await totpCodeOf(secret));
    await bench.keyboard.press('Enter');
    await pageSays(bench, 'Your account is ready.');
    await typeInto(bench, 'E-mail', 'day.inspector@example.com');
    await typeInto(bench, 'Password', testStaffPassword);
    await typeInto(bench, 'Code from your authenticator app', await totpCodeOf(secret, 1));
    await bench.keyboard.press('Enter');
    await bench.waitForFunction(() => location.pathname === '/');

    // The parcel arrives: the scanner types the label's number and Enter.
    await bench.goto(office.url('/receiving'));
    await hydrated(bench);
    await expectAxeClean(bench);
    await bench.keyboard.type(tradeNumber);
    await bench.keyboard.press('Enter');
    await pageSays(bench, `${tradeNumber} received: 2 devices`);

    // The first device is as the seller answered: saved at once with the shortcut.
    await bench.goto(office.url(`/trades/${tradeNumber}/devices/1`));
    await hydrated(bench);
    await expectAxeClean(bench);
    await saveWithShortcut(bench);
    await pageSays(bench, 'Saved: inspected as answered.');

    // N opens the second; it is worse in every respect: the last answer of each question.
    await bench.keyboard.press('n');
    await bench.waitForFunction(
      (path) => location.pathname === path,
      {},
      `/trades/${tradeNumber}/devices/2`,
    );
    await hydrated(bench);
    await tabToFindings(bench);
    const answersPerQuestion = await bench.$$eval('fieldset.finding', (groups) =>
      groups.map((group) => group.querySelectorAll('input[type="radio"]').length),
    );
    for (const answers of answersPerQuestion) {
      await bench.keyboard.press(String(Math.min(answers, 9)) as KeyInput);
      await bench.keyboard.press('Tab');
    }
    await saveWithShortcut(bench);
    await pageSays(bench, 'Clarification open: the seller decides on');
    // A photo from the bench's camera, which the seller will see.
    const photo = join(folder, 'bench.jpg');
    await writeFile(
      photo,
      await sharp({ create: { width: 800, height: 600, channels: 3, background: '#777' } })
        .jpeg()
        .toBuffer(),
    );
    const chooser = await bench.$('input[type="file"]');
    await chooser?.uploadFile(photo);
    await press(bench, 'Add photos', 'Enter');
    await pageSays(bench, '1 photo(s) added.');
    await expectAxeClean(bench);

    // The seller's clarification mail leads to the shop's page, where they accept.
    const clarificationPath = await mailedPath(
      sellerEmail,
      new RegExp(`/clarification/[A-Za-z0-9_-]{43}/${tradeNumber}`),
    );
    const seller = await office.newPage({ width: 360 });
    await seller.goto(`http://localhost:${office.server.port}${clarificationPath}`);
    await seller.waitForSelector('main[data-state="open"]');
    await seller.click('#decision-group-2-accept');
    await seller.click('.clarification-confirm');
    await seller.waitForSelector('main[data-state="confirmed"]');

    // The payouts clerk pays it out in a SEPA batch.
    const clerk = await office.staff('day.clerk@example.com', ['payouts']);
    const desk = await office.newPage({ session: clerk });
    await desk.goto(office.url('/payouts'));
    await hydrated(desk);
    await expectAxeClean(desk);
    await press(desk, `Select ${tradeNumber}[role="checkbox"]`, 'Space');
    await press(desk, 'Make batch[role="button"]', 'Enter');
    await desk.waitForFunction(() => location.pathname.startsWith('/payouts/batches/PB-'));
    await hydrated(desk);
    await expectAxeClean(desk);
    const batchPath = await desk.evaluate(() => location.pathname);
    const file = await office.request('GET', `${batchPath}/file`, { cookie: clerk.cookie });
    expect(file.status).toBe(200);
    const guestView = await api('GET', `/api/trade/trades/${tradeNumber}`, { token: sale.token });
    const totalCents = Number(guestView.body['totalCents']);
    expect(totalCents).toBeGreaterThan(0);
    const xml = await desk.evaluate((text) => {
      const parsed = new DOMParser().parseFromString(text, 'application/xml');
      const value = (name: string) =>
        parsed.getElementsByTagNameNS(parsed.documentElement.namespaceURI, name)[0]?.textContent;
      return {
        wellFormed: parsed.getElementsByTagName('parsererror').length === 0,
        namespace: parsed.documentElement.namespaceURI,
        iban:
          value('IBAN') === null
            ? null
            : [...parsed.getElementsByTagName('IBAN')].map((node) => node.textContent),
        amount: value('InstdAmt'),
        controlSum: value('CtrlSum'),
      };
    }, file.text);
    const euros = (totalCents / 100).toFixed(2);
    expect(xml).toEqual({
      wellFormed: true,
      namespace: 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09',
      iban: [payoutAccountEnv.PAYOUT_ACCOUNT_IBAN, sellerIban],
      amount: euros,
      controlSum: euros,
    });
    await press(desk, 'Confirm paid…[role="link"]', 'Enter');
    await desk.waitForFunction(() => location.search === '?step=confirm');
    await hydrated(desk);
    await expectAxeClean(desk);
    const batchNumber = batchPath.split('/').pop() ?? '';
    await press(desk, `Yes, confirm ${batchNumber} paid[role="button"]`, 'Enter');
    await desk.waitForFunction(() => location.search === '?done=confirmed');

    // The seller's status page (linked from the confirmation mail) shows the payout.
    const statusPath = await mailedPath(sellerEmail, /\/trade\/status\?token=[\w.-]+/);
    await seller.goto(`http://localhost:${office.server.port}${statusPath}`);
    await seller.waitForSelector('main.trade-status-page[data-status="paid"]');
    // Every step is behind the seller; the payout is where the trade stands.
    const timeline = await seller.$$eval('.timeline li', (steps) =>
      steps.map((step) => step.className.replace('timeline__step ', '')),
    );
    expect(timeline.at(-1)).toBe('timeline__step--current');
    expect(timeline.slice(0, -1).every((step) => step === 'timeline__step--done')).toBe(true);

    // The audit log shows each step of the trade and who took it.
    await adminPage.goto(office.url(`/audit?subjectType=trade&subjectId=${tradeNumber}`));
    await hydrated(adminPage);
    await expectAxeClean(adminPage);
    const steps = await adminPage.$$eval('tbody tr', (rows) =>
      rows.map((row) => {
        const action = row.querySelector('td code')?.textContent ?? '';
        const who = row.querySelector('td a')?.textContent ?? '';
        return `${action} by ${who}`;
      }),
    );
    expect(steps.toReversed()).toEqual(
      expect.arrayContaining([
        'trade.received by day.inspector@example.com',
        'trade.item_inspected by day.inspector@example.com',
        'trade.price_revised by day.inspector@example.com',
        'trade.inspection_photo_added by day.inspector@example.com',
        'trade.paid by day.clerk@example.com',
      ]),
    );
    for (const page of [adminPage, bench, seller, desk]) await page.close();
  }, 180_000);
});
