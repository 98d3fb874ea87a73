import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, hydrated, useBackOffice } from '../../../test-kit/back-office-kit.ts';
import { catalogueDevice, guestSale, shopApi } from '../../../test-kit/guest-sale.ts';

/*
 * The clarifications screen in Chromium: a decision given by phone recorded with the keyboard
 * only, and axe at desktop and phone widths with an open and a decided clarification.
 */

const office = useBackOffice();

/** The name of the focused control (radio or input). */
function focusedName(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);
}

describe('clarifications in the browser', () => {
  it('records a decision by keyboard only and is clean for axe at 1280 and 360 px', async () => {
    const api = shopApi(office);
    const phone = await catalogueDevice(api, 'iphone 13');
    const sale = await guestSale(api, 'phone.call@example.org', [{ device: phone, pick: 'best' }]);
    await office.ops('receive', sale.tradeNumber);
    await office.ops('inspect', sale.tradeNumber, '--item', '1');
    const price = String((sale.prices[0] ?? 0) - 1500);
    await office.ops('clarify', sale.tradeNumber, '--item', '1', '--price', price);
    const inspector = await office.staff('phone.desk@example.com', ['inspector']);
    const page = await office.newPage({ session: inspector, width: 1280 });
    await page.goto(office.url('/clarifications'));
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewport({ width: 360, height: 800 });
    expect(await axeViolations(page)).toEqual([]);

    for (
      let presses = 0;
      presses < 80 && (await focusedName(page)) !== 'decision.1';
      presses += 1
    ) {
      await page.keyboard.press('Tab');
    }
    expect(await focusedName(page)).toBe('decision.1');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('note');
    await page.keyboard.type('by phone 14:05');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (tradeNumber) =>
        document.body.textContent?.includes(
          `The decision for trade ${tradeNumber} is recorded.`,
        ) === true,
      {},
      sale.tradeNumber,
    );
    // The lists follow once the page's data is read again after the decision.
    const decided = await page.waitForFunction(
      (tradeNumber) =>
        [...document.querySelectorAll('table')]
          .map((table) => table.textContent ?? '')
          .find((text) => text.includes(tradeNumber) && text.includes('accepted')),
      {},
      sale.tradeNumber,
    );
    expect(await decided.jsonValue()).toContain('staff');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewport({ width: 1280, height: 800 });
    expect(await axeViolations(page)).toEqual([]);
    await page.browserContext().close();
  }, 60_000);
});
