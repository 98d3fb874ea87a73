import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, hydrated, useBackOffice } from '../../../test-kit/back-office-kit.ts';

/*
 * The catalogue screens in Chromium: a device found and its price changed by keyboard, an
 * adjustment previewed and applied, and every screen clean under axe at 1280 and 360 px.
 */

const office = useBackOffice();

/** Focuses the element a role and name find, as Tab would reach it. */
async function focusOn(page: Page, name: string): Promise<void> {
  const element = await page.waitForSelector(`::-p-aria(${name})`);
  await element?.focus();
}

/** Types into the field a label names, replacing what it holds. */
async function typeInto(page: Page, name: string, text: string): Promise<void> {
  await focusOn(page, name);
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
  await page.keyboard.type(text);
}

describe('catalogue and prices in the browser', () => {
  it('finds a device and changes its price by keyboard', async () => {
    const pricing = await office.staff('pia@example.com', ['pricing']);
    const page = await office.newPage({ session: pricing });
    await page.goto(office.url('/catalogue'));
    await hydrated(page);
    await typeInto(page, 'Name', 'iPhone 13');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.search.includes('q=iPhone+13'));
    await page.waitForSelector('::-p-text(devices found)');
    const first = await page.waitForSelector('.table tbody th a');
    const name = await first?.evaluate((node) => node.textContent ?? '');
    expect(name).toContain('iPhone 13');
    await first?.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname.startsWith('/catalogue/devices/'));
    await page.waitForSelector('::-p-text(Prices per edition)');
    expect(await page.$eval('h1', (node) => node.textContent)).toBe(name);
    const before = await page.$eval('#base-de', (node) => (node as HTMLInputElement).value);
    const after = (Number(before) + 1).toFixed(2);
    await typeInto(page, 'Base price in DE (€)', after);
    await page.keyboard.press('Enter');
    await page.waitForSelector('::-p-text(The prices in DE are saved.)');
    expect(await page.$eval('#base-de', (node) => (node as HTMLInputElement).value)).toBe(after);
    // The history shows the change, newest first, with who made it.
    await page.waitForFunction(() =>
      document.querySelector('.table tbody tr')?.textContent?.includes('pia@example.com'),
    );
    expect(await axeViolations(page)).toEqual([]);

    // A move of more than half asks first; the answer is given by keyboard too.
    await typeInto(page, 'Base price in DE (€)', (Number(after) * 3).toFixed(2));
    await page.keyboard.press('Enter');
    await page.waitForSelector('::-p-text(Move the price by more than half?)');
    expect(await axeViolations(page)).toEqual([]);
    // The question takes the focus; the next Tab reaches the answer.
    await page.waitForFunction(() => document.activeElement?.id === 'confirm-price-heading');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Yes, save these prices',
    );
    await page.keyboard.press('Enter');
    await page.waitForSelector('::-p-text(The prices in DE are saved.)');
    expect(await page.$eval('#base-de', (node) => (node as HTMLInputElement).value)).toBe(
      (Number(after) * 3).toFixed(2),
    );
    await page.close();
  }, 30_000);

  it('previews and applies an adjustment', async () => {
    const pricing = await office.staff('pat@example.com', ['pricing']);
    const page = await office.newPage({ session: pricing });
    await page.goto(office.url('/catalogue/adjust'));
    await hydrated(page);
    await typeInto(page, 'Its name or key', 'iPhone 13');
    await typeInto(page, 'Percentage', '3');
    await page.keyboard.press('Enter');
    await page.waitForSelector('::-p-text(Preview: nothing is changed yet)');
    await page.waitForSelector('::-p-text(would change)');
    expect(await axeViolations(page)).toEqual([]);
    await focusOn(page, 'Apply this change');
    await page.keyboard.press('Enter');
    await page.waitForSelector('::-p-text(is saved.)');
    expect(await page.$eval('main', (node) => node.textContent)).toMatch(/devices changed/);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  }, 30_000);

  it('imports a CSV file at 360 px: a refused line in a table, then a preview applied by keyboard', async () => {
    const pricing = await office.staff('paco@example.com', ['pricing']);
    const exported = await office.request('GET', '/catalogue/prices.csv?edition=es', {
      cookie: pricing.cookie,
    });
    const [header = '', first = ''] = exported.text.split('\n');
    const fields = first.split(',');
    const prefix = fields.slice(0, -2).join(',');
    const folder = mkdtempSync(join(tmpdir(), 'catalogue-csv-'));
    const bad = join(folder, 'bad.csv');
    writeFileSync(bad, `${header}\n${prefix},-5,${fields.at(-1)}\n`);
    const good = join(folder, 'good.csv');
    writeFileSync(good, `${header}\n${prefix},${Number(fields.at(-2)) + 50},${fields.at(-1)}\n`);

    const page = await office.newPage({ session: pricing, width: 360 });
    await page.goto(office.url('/catalogue/prices'));
    await hydrated(page);
    const upload = async (file: string) => {
      const input = (await page.waitForSelector('#file')) as ElementHandle<HTMLInputElement>;
      await input.uploadFile(file);
      await focusOn(page, 'Preview the import');
      await page.keyboard.press('Enter');
    };
    await upload(bad);
    await page.waitForSelector('::-p-text(The file was refused; nothing was changed)');
    const problem = await page.$eval('caption ~ tbody tr', (row) => row.textContent);
    expect(problem).toContain('2basePriceCents');
    expect(await axeViolations(page)).toEqual([]);

    await upload(good);
    await page.waitForSelector('::-p-text(1 prices of 1 devices would change.)');
    expect(await axeViolations(page)).toEqual([]);
    await focusOn(page, 'Apply the import');
    await page.keyboard.press('Enter');
    await page.waitForSelector('::-p-text(1 prices of 1 devices changed.)');
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
    rmSync(folder, { recursive: true, force: true });
  }, 30_000);

  it('has every catalogue screen clean under axe at 1280 and 360 px', async () => {
    const pricing = await office.staff('pam@example.com', ['pricing']);
    const list = await office.request('GET', '/catalogue?q=iPhone+13', { cookie: pricing.cookie });
    const id = /href="\/catalogue\/devices\/([0-9]+)"/.exec(list.text)?.[1] ?? '1';
    for (const width of [1280, 360]) {
      const page = await office.newPage({ session: pricing, width });
      for (const [path, heading] of [
        ['/catalogue?q=iPhone+13', 'Catalogue and prices'],
        ['/catalogue?q=no-such-device-at-all', 'Catalogue and prices'],
        [`/catalogue/devices/${id}`, undefined],
        ['/catalogue/adjust', 'Adjust prices by a percentage'],
        ['/catalogue/prices', 'Price list CSV'],
        ['/catalogue/models', 'Add models'],
        ['/catalogue/factors', 'Answer factors'],
      ] as const) {
        await page.goto(office.url(path));
        await hydrated(page);
        // A device's page is headed by the device's name.
        const title = await page.$eval('h1', (node) => node.textContent);
        const violations = await axeViolations(page);
        expect({ path, width, violations, title }).toEqual({
          path,
          width,
          violations: [],
          title: heading ?? title,
        });
      }
      await page.close();
    }
  }, 60_000);
});
