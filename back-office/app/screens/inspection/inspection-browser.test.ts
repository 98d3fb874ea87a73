import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KeyInput, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { axeViolations, hydrated, useBackOffice } from '../../../test-kit/back-office-kit.ts';
import { catalogueDevice, guestSale, shopApi } from '../../../test-kit/guest-sale.ts';

/*
 * The inspection screen in Chromium as an inspector at the bench uses it: the keyboard only
 * (Tab between questions, arrows and digits within one, A, Ctrl+Enter, N), the rule price
 * following the choices, and axe at desktop and phone widths.
 */

const office = useBackOffice();

/** Whether the focus is on an answer of a question of the findings form. */
function focusOnFinding(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    return focused instanceof HTMLInputElement && focused.closest('fieldset.finding') !== null;
  });
}

/** The rule price as the page shows it now. */
function rulePrice(page: Page): Promise<string> {
  return page.$eval('#rule-price', (output) => output.textContent ?? '');
}

describe('inspection in the browser', () => {
  it('grades a device by keyboard only, saves with Ctrl+Enter and moves on with N', async () => {
    const api = shopApi(office);
    const phone = await catalogueDevice(api, 'iphone 13');
    const tablet = await catalogueDevice(api, 'galaxy s21');
    const sale = await guestSale(api, 'bench@example.org', [
      { device: phone, pick: 'best' },
      { device: tablet, pick: 'best' },
    ]);
    await office.ops('receive', sale.tradeNumber);
    const inspector = await office.staff('bench.inspector@example.com', ['inspector']);
    const page = await office.newPage({ session: inspector, width: 1280 });
    await page.goto(office.url(`/trades/${sale.tradeNumber}/devices/1`));
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);
    const asAnswered = await rulePrice(page);

    for (let presses = 0; presses < 80 && !(await focusOnFinding(page)); presses += 1) {
      await page.keyboard.press('Tab');
    }
    expect(await focusOnFinding(page)).toBe(true);
    // An arrow key picks another answer of the question; the rule price follows at once.
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(
      (before) => document.querySelector('#rule-price')?.textContent !== before,
      {},
      asAnswered,
    );
    // A: every question back to the seller's answer.
    await page.keyboard.press('a');
    await page.waitForFunction(
      (before) => document.querySelector('#rule-price')?.textContent === before,
      {},
      asAnswered,
    );

    // Each question: the digit of its last (worst) answer, then Tab to the next question.
    const questions = await page.$$eval('fieldset.finding', (groups) =>
      groups.map((group) => group.querySelectorAll('input[type="radio"]').length),
    );
    expect(questions.length).toBe(phone.questions.length);
    for (const answers of questions) {
      expect(await focusOnFinding(page)).toBe(true);
      await page.keyboard.press(String(answers) as KeyInput);
      await page.keyboard.press('Tab');
    }
    const checkedLast = await page.$$eval('fieldset.finding', (groups) =>
      groups.every((group) => {
        const radios = [...group.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
        return radios.at(-1)?.checked === true;
      }),
    );
    expect(checkedLast).toBe(true);
    expect(await rulePrice(page)).not.toBe(asAnswered);

    await page.keyboard.down('Control');
    await page.keyboard.press('Enter');
    await page.keyboard.up('Control');
    await page.waitForFunction(
      () =>
        document.body.textContent?.includes('the clarification is open') === true &&
        document.body.textContent.includes('Clarification open: the seller decides on'),
    );
    const stateText = await page.$eval('main', (main) => main.textContent ?? '');
    expect(stateText).toContain('Clarification open: the seller decides on');

    // The focus waits on the link to the next device to inspect.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(
      'Next device to inspect (2)',
    );
    // A camera's photo of several megabytes: shrunk in the browser, checked and stored by the API.
    const folder = await mkdtemp(join(tmpdir(), 'bench-photo-'));
    const cameraPhoto = join(folder, 'camera.jpg');
    const noise = { type: 'gaussian' as const, mean: 128, sigma: 60 };
    await writeFile(
      cameraPhoto,
      await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#888', noise } })
        .jpeg({ quality: 100 })
        .toBuffer(),
    );
    const chooser = await page.$('input[type="file"]');
    await chooser?.uploadFile(cameraPhoto);
    await page.focus('::-p-aria(Add photos)');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => document.body.textContent?.includes('1 photo(s) added.') === true,
    );
    await page.waitForSelector('img[alt^="Inspection photo 1 of"]');
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('img[alt^="Inspection photo 1 of"]');
      return image !== null && image.complete && image.naturalWidth > 0;
    });
    await rm(folder, { recursive: true, force: true });

    await page.keyboard.press('n');
    await page.waitForFunction(
      (path) => window.location.pathname === path,
      {},
      `/trades/${sale.tradeNumber}/devices/2`,
    );
    await page.setViewport({ width: 360, height: 800 });
    expect(await axeViolations(page)).toEqual([]);
    await page.browserContext().close();
  }, 60_000);
});
