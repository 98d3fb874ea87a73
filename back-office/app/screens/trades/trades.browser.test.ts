import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, hydrated, useBackOffice } from '../../../test-kit/back-office-kit.ts';
import { guestTrade, shopApi } from '../../../test-kit/guest-sale.ts';

/*
 * The trades screens in Chromium: receiving by keyboard as a scanner does it (the number and
 * Enter, twice in a row), the queue filtered by its URL with back and forward keeping the
 * filters, and the queue, a trade and receiving clean under axe at 1280 and 360 px.
 */

const office = useBackOffice();

/** The id and value of the focused element. */
function focused(page: Page): Promise<{ id: string; value: string }> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return {
      id: element?.id ?? '',
      value: element instanceof HTMLInputElement ? element.value : '',
    };
  });
}

/** The text of the receiving page's live region. */
function announced(page: Page): Promise<string> {
  return page.$eval('output[aria-live="polite"]', (node) => node.textContent ?? '');
}

/** The trade numbers the queue's rows link to, in order. */
function rowNumbers(page: Page): Promise<string[]> {
  return page.$$eval('tbody th[scope="row"] a', (links) =>
    links.map((link) => link.textContent ?? ''),
  );
}

describe('the trades screens in the browser', () => {
  it('receives a scanned number with one key, once, and is ready for the next parcel', async () => {
    const api = shopApi(office);
    const trade = await guestTrade(api, 'nora.bench@example.com');
    const inspector = await office.staff('bench@example.com', ['inspector']);
    const page = await office.newPage({ session: inspector });
    await page.goto(office.url('/receiving'));
    await hydrated(page);
    expect(await focused(page)).toEqual({ id: 'tradeNumber', value: '' });

    // A scanner types the number and Enter; a second Enter follows at once.
    await page.keyboard.type(trade.tradeNumber);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() =>
      document.querySelector('output[aria-live="polite"]')?.textContent?.includes('Next'),
    );
    expect(await announced(page)).toBe(`${trade.tradeNumber} received: 2 devices. Next parcel.`);
    expect(await focused(page)).toEqual({ id: 'tradeNumber', value: '' });
    await page.keyboard.press('Enter');
    expect(await rowNumbers(page)).toEqual([trade.tradeNumber]);

    const admin = await office.staff('bench.admin@example.com', ['admin']);
    const audit = await office.request(
      'GET',
      `/audit?subjectType=trade&subjectId=${trade.tradeNumber}`,
      { cookie: admin.cookie },
    );
    expect(audit.text.match(/<code>trade\.received<\/code>/g)).toHaveLength(1);

    // The same label again: said plainly, the number kept and selected for the next scan.
    await page.keyboard.type(trade.tradeNumber);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() =>
      document
        .querySelector('output[aria-live="polite"]')
        ?.textContent?.includes('already received'),
    );
    const selection = await page.evaluate(() => {
      const field = document.activeElement as HTMLInputElement;
      return {
        id: field.id,
        value: field.value,
        start: field.selectionStart,
        end: field.selectionEnd,
      };
    });
    expect(selection).toEqual({
      id: 'tradeNumber',
      value: trade.tradeNumber,
      start: 0,
      end: trade.tradeNumber.length,
    });
    expect(await page.$eval('#tradeNumber', (field) => field.getAttribute('aria-invalid'))).toBe(
      null,
    );
    await page.close();
  }, 60_000);

  it('filters the queue by its URL, and back and forward keep the filters', async () => {
    const api = shopApi(office);
    const lena = await guestTrade(api, 'lena.browser@example.com', ['iphone 13'], {
      lastName: 'Brandt',
    });
    const otto = await guestTrade(api, 'otto.browser@example.com', ['galaxy s21'], {
      lastName: 'Kramer',
    });
    await office.ops('receive', otto.tradeNumber);
    const clerk = await office.staff('clerk@example.com', ['payouts']);
    const page = await office.newPage({ session: clerk });
    await page.goto(office.url('/trades?status=received'));
    await hydrated(page);
    expect(await rowNumbers(page)).toContain(otto.tradeNumber);
    expect(await rowNumbers(page)).not.toContain(lena.tradeNumber);

    // To the "All" tab by keyboard, then a search typed into the filter form.
    const all = await page.waitForSelector('nav.queue-tabs li:first-child a');
    await all?.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !location.search.includes('status='));
    const search = await page.waitForSelector('::-p-aria(Search)');
    await search?.focus();
    await page.keyboard.type('lena.browser');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.search === '?q=lena.browser');
    await page.waitForFunction(
      () => document.querySelector('output.queue-count')?.textContent === '1 trade matches.',
    );
    expect(await rowNumbers(page)).toEqual([lena.tradeNumber]);

    await page.goBack();
    await page.waitForFunction(() => location.search === '');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length >= 2);
    expect(await page.$eval('#filter-q', (field) => (field as HTMLInputElement).value)).toBe('');
    await page.goBack();
    await page.waitForFunction(() => location.search === '?status=received');
    // The tab of the status is current again once the page has loaded that URL's list.
    await page.waitForSelector(
      'nav.queue-tabs a[aria-current="page"][href="/trades?status=received"]',
    );
    expect(await rowNumbers(page)).toContain(otto.tradeNumber);
    expect(await rowNumbers(page)).not.toContain(lena.tradeNumber);
    await page.goForward();
    await page.goForward();
    await page.waitForFunction(() => location.search === '?q=lena.browser');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    expect(await page.$eval('#filter-q', (field) => (field as HTMLInputElement).value)).toBe(
      'lena.browser',
    );
    expect(await rowNumbers(page)).toEqual([lena.tradeNumber]);
    await page.close();
  }, 60_000);

  it('shows the queue, a trade and receiving clean under axe at 1280 and 360 px', async () => {
    const trade = await guestTrade(shopApi(office), 'axe.browser@example.com');
    const admin = await office.staff('axe.admin@example.com', ['admin']);
    for (const width of [1280, 360]) {
      const page = await office.newPage({ session: admin, width });
      for (const path of [
        '/trades',
        '/trades?edition=xx&from=2026-02-30',
        `/trades/${trade.tradeNumber}`,
        '/receiving',
      ]) {
        await page.goto(office.url(path));
        await hydrated(page);
        expect({ path, width, violations: await axeViolations(page) }).toEqual({
          path,
          width,
          violations: [],
        });
      }
      // A refused receipt: its message and the field's refusal are clean too.
      await page.type('#tradeNumber', 'banana');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#tradeNumber-error');
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    }
  }, 90_000);
});
