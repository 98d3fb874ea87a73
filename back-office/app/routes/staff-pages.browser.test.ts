import { testStaffPassword, totpCodeOf } from '@tradein/trade-api/test-kit';
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, hydrated, useBackOffice } from '../../test-kit/back-office-kit.ts';

/*
 * The pages every staff member meets, in Chromium: an invitation taken up by keyboard (password,
 * the secret typed into an authenticator, the code), sign-in, and the admin's staff and audit
 * screens, each clean under axe at desktop and phone width.
 */

const office = useBackOffice();

/** Types into the field a label names, after focusing it by keyboard-reachable role and name. */
async function typeInto(page: Page, name: string, text: string): Promise<void> {
  const field = await page.waitForSelector(`::-p-aria(${name})`);
  await field?.focus();
  await page.keyboard.type(text);
}

describe('staff pages in the browser', () => {
  it('takes up an invitation and signs in by keyboard, clean under axe at 1280 and 360 px', async () => {
    const printed = await office.ops('staff', 'add', 'kim@example.com', '--role', 'admin');
    const link = printed.find((line) => line.startsWith('http://ops.localhost:')) ?? '';
    for (const width of [1280, 360]) {
      const page = await office.newPage({ width });
      await page.goto(link);
      await hydrated(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    }

    const page = await office.newPage({ width: 360 });
    await page.goto(link);
    await hydrated(page);
    const secret = await page.$eval('.enrolment__secret', (node) => node.textContent ?? '');
    await typeInto(page, 'New password', testStaffPassword);
    await typeInto(page, 'The password again', testStaffPassword);
    await typeInto(page, 'Code your app shows now', await totpCodeOf(secret));
    await page.keyboard.press('Enter');
    await page.waitForSelector('::-p-text(Your account is ready.)');
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    expect(await axeViolations(page)).toEqual([]);

    await typeInto(page, 'E-mail', 'kim@example.com');
    await typeInto(page, 'Password', testStaffPassword);
    await typeInto(page, 'Code from your authenticator app', await totpCodeOf(secret, 1));
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => location.pathname === '/' && document.querySelector('h1')?.textContent === 'Overview',
    );
    await page.waitForSelector('::-p-text(kim@example.com)');
    expect(await axeViolations(page)).toEqual([]);
    const cookieVisible = await page.evaluate(() => document.cookie.includes('tradein_staff'));
    expect(cookieVisible).toBe(false);
  });

  it('shows the staff, audit and account screens to an admin, clean under axe', async () => {
    const admin = await office.staff('alex@example.com', ['admin']);
    for (const width of [1280, 360]) {
      const page = await office.newPage({ session: admin, width });
      for (const [path, heading] of [
        ['/staff', 'Staff'],
        ['/audit', 'Audit log'],
        ['/account', 'Your account'],
        ['/', 'Overview'],
      ] as const) {
        await page.goto(office.url(path));
        await hydrated(page);
        const title = await page.$eval('h1', (node) => node.textContent);
        expect(title).toBe(heading);
        const violations = await axeViolations(page);
        // Nothing wider than the window: tables scroll in their own region.
        const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect({ path, violations, pageWidth }).toEqual({ path, violations: [], pageWidth: width });
      }
      await page.close();
    }
  });

  it('invites a person from the staff screen without a mouse', async () => {
    const admin = await office.staff('ali@example.com', ['admin']);
    const page = await office.newPage({ session: admin });
    await page.goto(office.url('/staff'));
    await hydrated(page);
    await typeInto(page, 'E-mail', 'pia@example.com');
    await page.keyboard.press('Tab');
    // The role choices follow the field: admin, then inspector.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    const notice = await page.waitForSelector('::-p-text(pia@example.com is invited.)');
    expect(await notice?.evaluate((node) => node.textContent)).toMatch(
      /http:\/\/ops\.localhost:\d+\/invitation\//,
    );
    await page.waitForSelector('::-p-text(Invitation pending)');
  });
});
