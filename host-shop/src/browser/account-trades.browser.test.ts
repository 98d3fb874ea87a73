import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildSearchRequest, deviceSchema, type Device, type SearchQuery } from '@tradein/contract';
import { formatDate, formatMoney } from '@tradein/editions/client';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody, mailsTo, registrationBody, tokenOfLink } from '@tradein/trade-api/test-kit';
import { middayOf, payoutDueDay } from '../app/account/overview/payout-promise.ts';
import { axeViolations, hydrated, startShopBrowser, type ShopBrowser } from './browser-kit.ts';

/*
 * The account overview with a real trade: made through the API by a registered customer, moved
 * through its lifecycle with the operator command line on the server's own database, and
 * followed and answered by the customer on /account. Elements are found by their structure
 * (ids, roles, form names), since the page speaks the edition's language.
 */

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const password = 'Secret-pass-1';
const email = 'anna.trades@example.org';

let shop: ShopBrowser;
let downloads: string;
beforeAll(async () => {
  shop = await startShopBrowser();
  downloads = await mkdtemp(join(tmpdir(), 'tradein-label-downloads-'));
}, 60_000);
afterAll(async () => {
  await shop.close();
  await rm(downloads, { recursive: true, force: true });
});

/** Registers and activates an account through the mailed link's token; answers its token. */
async function activatedCustomerToken(): Promise<string> {
  const registered = await shop.api('POST', '/api/account/register', {
    body: registrationBody(email, 'de-DE', password),
  });
  expect(registered.status).toBe(200);
  const outbox = join(shop.server.dataDir, 'outbox');
  let token: string | undefined;
  for (let attempt = 0; attempt < 200 && token === undefined; attempt += 1) {
    const [mail] = await mailsTo(outbox, email);
    if (mail === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    else token = tokenOfLink(mail.text, '/account/register');
  }
  if (token === undefined) throw new Error(`no activation mail to ${email}`);
  const activated = await shop.api('POST', '/api/account/activateRegistration', {
    headers: { token },
  });
  expect(activated.body['activated']).toBe(true);
  const login = await shop.api('POST', '/api/account/login', {
    body: { username: email, password },
  });
  expect(login.status).toBe(200);
  return String(login.body['access_token']);
}

/** Searches the seeded catalogue as the widget does. */
async function search(query: SearchQuery): Promise<{ hits: unknown[] }> {
  const answer = await shop.api('POST', '/api/trade/searches', {
    body: buildSearchRequest(query, 'devices_de'),
  });
  expect(answer.status).toBe(200);
  return answer.body as { hits: unknown[] };
}

/** A device of the catalogue with its condition questions. */
async function catalogueDevice(text: string): Promise<Device> {
  const found = await search({ kind: 'deviceSearch', text });
  const first = found.hits[0] as { url: string } | undefined;
  if (first === undefined) throw new Error(`nothing found for ${text}`);
  const lookup = await search({ kind: 'deviceByUrl', url: first.url });
  return deviceSchema.parse(lookup.hits[0]);
}

/** Runs one command of the operator command line on the shop server's database. */
async function ops(...argv: string[]): Promise<void> {
  await promisify(execFile)('npm', ['run', 'ops', '--', ...argv], {
    cwd: repositoryRoot,
    env: { ...process.env, DATA_DIR: shop.server.dataDir },
  });
}

/** A phone-sized page whose downloads are saved to the test's download folder. */
async function downloadingPage(): Promise<Page> {
  const context = await shop.browser.createBrowserContext({
    downloadBehavior: { policy: 'allow', downloadPath: downloads },
  });
  const page = await context.newPage();
  await page.setViewport({ width: 360, height: 780 });
  // As the kit's pages: the shop treats `HeadlessChrome` as a crawler.
  const userAgent = await shop.browser.userAgent();
  await page.setUserAgent({ userAgent: userAgent.replace('HeadlessChrome', 'Chrome') });
  return page;
}

/** Waits for a downloaded file to be complete and answers its bytes. */
async function downloaded(fileName: string): Promise<Buffer> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if ((await readdir(downloads)).includes(fileName)) return readFile(join(downloads, fileName));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${fileName} was not downloaded; found ${(await readdir(downloads)).join(', ')}`);
}

/** The text of the first element matching a selector, once it is there. */
async function textOf(page: Page, selector: string): Promise<string> {
  const element = await page.waitForSelector(selector, { timeout: 15_000 });
  return (await element?.evaluate((node) => node.textContent ?? '')) ?? '';
}

describe('the account overview with a trade', () => {
  it('shows what to do, saves the label and takes the decision on a revised offer', async () => {
    const token = await activatedCustomerToken();
    const page = await downloadingPage();
    await page.goto(shop.url('localhost', '/account'));
    await hydrated(page);
    await page.waitForSelector('main input[name="email"]');
    await page.type('main input[name="email"]', email);
    await page.type('main input[name="password"]', password);
    await page.click('main form button[type="submit"]');

    // No trade yet: nothing to do, and a way to sell.
    await page.waitForSelector('#attention .attention-calm');
    expect(await page.$eval('#trades .empty-state a', (link) => link.getAttribute('href'))).toBe(
      '/',
    );
    expect(await axeViolations(page)).toEqual([]);

    const device = await catalogueDevice('iphone 13');
    // The first answer of each question: the best condition, the best price.
    const answers = device.questions.map((question) => ({
      questionId: question.id,
      answerId: question.answers[0]?.id ?? 0,
    }));
    const offer = await shop.api('POST', '/api/trade/offers', {
      body: { edition: 'de', deviceId: device.id, answers },
    });
    expect(offer.status).toBeLessThan(300);
    const priceCents = Number(offer.body['priceCents']);
    expect(priceCents).toBeGreaterThan(1000);
    const checkout = await shop.api('POST', '/api/trade/trades', {
      token,
      body: checkoutBody([{ offerId: String(offer.body['offerId']), quantity: 1 }]),
    });
    expect(checkout.status).toBe(201);
    const tradeNumber = String(checkout.body['tradeNumber']);
    const createdAt = String(checkout.body['createdAt']);

    // A new trade appears after a reload, waiting for its parcel: under "needs your attention"
    // and in the history.
    await page.reload();
    await hydrated(page);
    const labelItem = '#attention .attention-item[data-kind="label"]';
    expect(await textOf(page, labelItem)).toContain(tradeNumber);
    const card = `#trade-${tradeNumber}`;
    const cardText = await textOf(page, card);
    expect(cardText).toContain(formatDate('de', createdAt));
    expect(cardText).toContain(formatMoney('de', priceCents));
    expect(cardText).toContain(device.name);

    // The label is saved as a PDF under the trade's file name.
    await page.click(`${labelItem} .label-button button`);
    const label = await downloaded(`label-${tradeNumber}.pdf`);
    expect(label.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Our team receives and checks the devices, and revises the offer.
    const question = device.questions[0];
    const otherAnswer = question?.answers[1];
    if (question === undefined || otherAnswer === undefined) throw new Error('no question');
    const revisedCents = priceCents - 1000;
    await ops('receive', tradeNumber);
    await ops(
      'inspect',
      tradeNumber,
      '--item',
      '1',
      '--finding',
      `${question.code}=${otherAnswer.code}`,
    );
    await ops(
      'clarify',
      tradeNumber,
      '--item',
      '1',
      '--price',
      String(revisedCents),
      '--reason',
      'Display scratched',
    );

    // After a reload the revised offer waits for the customer, who opens it from there.
    await page.reload();
    await hydrated(page);
    const clarificationItem = '#attention .attention-item[data-kind="clarification"]';
    expect(await textOf(page, clarificationItem)).toContain(tradeNumber);
    expect(await page.$(labelItem)).toBeNull();
    await page.click(`${clarificationItem} button`);
    const detail = `#trade-${tradeNumber}-detail`;
    const clarification = await textOf(page, `${detail} .clarification`);
    expect(clarification).toContain(formatMoney('de', revisedCents));
    expect(clarification).toContain('Display scratched');
    expect(
      await page.$eval(`button[aria-controls="trade-${tradeNumber}-detail"]`, (button) =>
        button.getAttribute('aria-expanded'),
      ),
    ).toBe('true');
    // The focus went to the revised offer.
    await page.waitForFunction(
      (selector: string) => document.activeElement === document.querySelector(selector),
      {},
      `${detail} .clarification h4`,
    );

    // Accepting takes a confirmation.
    await page.click(`${detail} button[name="decision"][value="accept"]`);
    const confirm = await page.waitForSelector(`${detail} button[name="confirm"][value="accept"]`);
    await confirm?.click();
    await page.waitForSelector(`${detail} [data-step="accepted"][aria-current="step"]`);
    const acceptedAt = new Date();
    const dueDate = formatDate('de', middayOf(payoutDueDay(acceptedAt, 'Europe/Berlin')));
    expect(await textOf(page, `${detail} [data-step="accepted"]`)).toContain(
      formatDate('de', acceptedAt),
    );
    expect(await textOf(page, `${detail} [data-step="paid"]`)).toContain(dueDate);
    expect(await textOf(page, `${detail} .payout-promise`)).toContain(dueDate);
    expect(await page.$(`${detail} .clarification`)).toBeNull();
    // Nothing waits for the customer any more.
    await page.waitForSelector('#attention .attention-calm');

    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  }, 120_000);
});
