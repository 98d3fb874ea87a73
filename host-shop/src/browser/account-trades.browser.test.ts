import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { formatDate, formatMoney } from '@tradein/editions/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationBody } from '@tradein/trade-api/test-kit';
import { middayOf, payoutDueDay } from '@tradein/editions/client';
import { catalogueDevice, checkOut } from '../server/selling-test-kit.ts';
import {
  axeViolations,
  customerToken,
  hydrated,
  logInToAccount,
  registerActivated,
  textOf,
  useShopBrowser,
} from './browser-kit.ts';

/*
 * The account overview with a real trade: made through the API by a registered customer, moved
 * through its lifecycle with the operator command line on the server's own database, and
 * followed and answered by the customer on /account. Elements are found by their structure
 * (ids, roles, form names), since the page speaks the edition's language.
 */

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const password = 'Secret-pass-1';
const email = 'anna.trades@example.org';

const shop = useShopBrowser();
let downloads: string;
beforeAll(async () => {
  downloads = await mkdtemp(join(tmpdir(), 'tradein-label-downloads-'));
});
afterAll(async () => {
  await rm(downloads, { recursive: true, force: true });
});

/** Runs one command of the operator command line on the shop server's database. */
async function ops(...argv: string[]): Promise<void> {
  await promisify(execFile)('npm', ['run', 'ops', '--', ...argv], {
    cwd: repositoryRoot,
    env: { ...process.env, DATA_DIR: shop.server.dataDir },
  });
}

/** Waits for a downloaded file to be complete and answers its bytes. */
async function downloaded(fileName: string): Promise<Buffer> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if ((await readdir(downloads)).includes(fileName)) return readFile(join(downloads, fileName));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${fileName} was not downloaded; found ${(await readdir(downloads)).join(', ')}`);
}

describe('the account overview with a trade', () => {
  it('shows what to do, saves the label and takes the decision on a revised offer', async () => {
    await registerActivated(shop, registrationBody(email, 'de-DE', password));
    const token = await customerToken(shop, email, password);
    const page = await shop.newPage(360, { downloadPath: downloads });
    await logInToAccount(shop, page, 'localhost', { email, password });

    // No trade yet: nothing to do, and a way to sell.
    await page.waitForSelector('#attention .attention-calm');
    expect(await page.$eval('#trades .empty-state a', (link) => link.getAttribute('href'))).toBe(
      '/',
    );
    expect(await axeViolations(page)).toEqual([]);

    const device = await catalogueDevice(shop.api, 'iphone 13');
    // The first answer of each question: the best condition, the best price.
    const {
      tradeNumber,
      createdAt,
      prices: [priceCents = 0],
    } = await checkOut(shop.api, token, [{ device, pick: 'best' }]);
    expect(priceCents).toBeGreaterThan(1000);

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
