import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, hydrated, useBackOffice } from '../../../test-kit/back-office-kit.ts';
import { payoutAccountEnv, readyTrade } from '../../../test-kit/guest-sale.ts';

/*
 * The payouts clerk in Chromium, by keyboard: rows selected with Space, "select all on this
 * page", a batch made and confirmed through its confirmation step; axe finds nothing on the
 * list and the batch page at desktop and phone width.
 */

const office = useBackOffice({ env: payoutAccountEnv });

/** Focuses the element of an accessible name and presses a key on it. */
async function press(page: Page, name: string, key: 'Space' | 'Enter'): Promise<void> {
  const element = await page.locator(`::-p-aria(${name})`).waitHandle();
  await element.focus();
  await page.keyboard.press(key);
}

/** Whether a trade's checkbox is ticked. */
function ticked(page: Page, tradeNumber: string): Promise<boolean> {
  return page.$eval(
    `input[name="trade"][value="${tradeNumber}"]`,
    (box) => (box as HTMLInputElement).checked,
  );
}

/** Waits until the page's address matches. */
async function addressMatches(page: Page, pattern: RegExp): Promise<string> {
  await page.waitForFunction(
    (source) => new RegExp(source).test(window.location.pathname + window.location.search),
    { timeout: 15_000 },
    pattern.source,
  );
  return page.evaluate(() => window.location.pathname + window.location.search);
}

describe('payouts in the browser', () => {
  it('selects rows by keyboard, makes a batch and confirms it, axe clean at 1280 and 360 px', async () => {
    const clerk = await office.staff('browser-clerk@example.com', ['payouts']);
    const one = await readyTrade(office, 'browser-one@example.com');
    const two = await readyTrade(office, 'browser-two@example.com');
    const three = await readyTrade(office, 'browser-three@example.com');

    const page = await office.newPage({ session: clerk, width: 1280 });
    try {
      await page.goto(office.url('/payouts'));
      await hydrated(page);
      expect(await axeViolations(page)).toEqual([]);

      await press(page, `Select ${one.tradeNumber}[role="checkbox"]`, 'Space');
      expect(await ticked(page, one.tradeNumber)).toBe(true);
      await press(page, 'Select all on this page[role="checkbox"]', 'Space');
      for (const trade of [one, two, three])
        expect(await ticked(page, trade.tradeNumber)).toBe(true);
      await page.keyboard.press('Space');
      for (const trade of [one, two, three])
        expect(await ticked(page, trade.tradeNumber)).toBe(false);
      await press(page, `Select ${one.tradeNumber}[role="checkbox"]`, 'Space');
      await press(page, `Select ${two.tradeNumber}[role="checkbox"]`, 'Space');
      expect(await ticked(page, three.tradeNumber)).toBe(false);

      await press(page, 'Make batch[role="button"]', 'Enter');
      const made = await addressMatches(page, /^\/payouts\/batches\/PB-\d{4}-\d+\?made=1$/);
      const batch = /PB-\d{4}-\d+/.exec(made)?.[0] ?? '';
      await page.waitForSelector('output.form-notice');
      expect(await page.$eval('output.form-notice', (notice) => notice.textContent)).toContain(
        `Batch ${batch} is made with 2 trades`,
      );
      expect(await axeViolations(page)).toEqual([]);

      await press(page, 'Confirm paid…[role="link"]', 'Enter');
      await addressMatches(page, /\?step=confirm$/);
      await page.waitForSelector('#step-heading');
      expect(await axeViolations(page)).toEqual([]);
      await press(page, `Yes, confirm ${batch} paid[role="button"]`, 'Enter');
      await addressMatches(page, /\?done=confirmed$/);
      await page.waitForSelector('output.form-notice');
      expect(await page.$eval('output.form-notice', (notice) => notice.textContent)).toContain(
        'its 2 trades are paid',
      );

      const narrow = await office.newPage({ session: clerk, width: 360 });
      try {
        for (const path of ['/payouts', `/payouts/batches/${batch}`, '/payouts/batches']) {
          await narrow.goto(office.url(path));
          await hydrated(narrow);
          expect(await axeViolations(narrow), `${path} at 360 px`).toEqual([]);
        }
      } finally {
        await narrow.close();
      }
    } finally {
      await page.close();
    }
  });
});
