import { databaseOfDataDir } from '@tradein/trade-api/test-kit';
import { describe, expect, it } from 'vitest';
import { axeViolations, hydrated, useBackOffice } from '../../../test-kit/back-office-kit.ts';
import { guestTrade, payoutAccountEnv, readyTrade, shopApi } from '../../../test-kit/guest-sale.ts';

/*
 * The overview on the built server: today's received, inspected and paid trades of a fresh
 * database, the median time to payout, the trades past their promise, shortcuts by role, the
 * member's language; and the page in Chromium at desktop and phone width with axe.
 */

const office = useBackOffice({ env: payoutAccountEnv });

/** An amount as the English page writes it. */
function english(cents: number): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** The text of a figure's paragraph (`id="figure-…"`) and the sum after it. */
function figureOf(page: string, id: string): { count: string; sum: string } {
  const match = new RegExp(
    `id="${id}"[^>]*>([^<]*)</p><p class="overview__sum[^"]*">([^<]*)</p>`,
  ).exec(page);
  return { count: match?.[1] ?? '', sum: match?.[2] ?? '' };
}

describe('the overview', () => {
  it("counts today's received, inspected and paid trades, the median and the late ones", async () => {
    const clerk = await office.staff('overview-clerk@example.com', ['payouts']);
    const empty = await office.request('GET', '/', { cookie: clerk.cookie });
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('No trade is past its payout promise.');
    expect(empty.text).toContain('no payout yet');

    const received = await guestTrade(shopApi(office), 'overview-received@example.com', [
      'iphone 13',
    ]);
    await office.ops('receive', received.tradeNumber);
    const late = await readyTrade(office, 'overview-late@example.com');
    const paid = await readyTrade(office, 'overview-paid@example.com');
    const made = await office.request('POST', '/payouts', {
      cookie: clerk.cookie,
      form: { csrf: clerk.csrfToken, method: 'sepa', trade: paid.tradeNumber },
    });
    const batchPage = String(made.headers['location']).replace('?made=1', '');
    const confirmed = await office.request('POST', batchPage, {
      cookie: clerk.cookie,
      form: { csrf: clerk.csrfToken, intent: 'confirm' },
    });
    expect(confirmed.status).toBe(302);
    // The late trade was accepted (inspected as answered) ten days ago: its promise has passed.
    const db = databaseOfDataDir(office.server.dataDir);
    try {
      const trade = await db
        .selectFrom('trades')
        .select('id')
        .where('trade_number', '=', late.tradeNumber)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('trade_events')
        .set({ created_at: new Date(Date.now() - 10 * 86_400_000).toISOString() })
        .where('trade_id', '=', trade.id)
        .where('status', '=', 'inspected')
        .execute();
    } finally {
      await db.destroy();
    }

    const page = await office.request('GET', '/', { cookie: clerk.cookie });
    expect(page.status).toBe(200);
    expect(figureOf(page.text, 'figure-received')).toEqual({
      count: '3 trades',
      sum: english(received.amountCents + late.amountCents + paid.amountCents),
    });
    expect(figureOf(page.text, 'figure-inspected')).toEqual({
      count: '1 trade',
      sum: english(paid.amountCents),
    });
    expect(figureOf(page.text, 'figure-paid')).toEqual({
      count: '1 trade',
      sum: english(paid.amountCents),
    });
    expect(page.text).toMatch(/id="figure-median">0(\.\d)? hours</);
    expect(page.text).toContain('1 unpaid trade is past its payout promise:');
    expect(page.text).toContain(`href="/trades/${late.tradeNumber}"`);
    expect(page.text).not.toContain(`href="/trades/${paid.tradeNumber}"`);
    expect(page.text).toContain('href="/payouts"');
    expect(page.text).not.toContain('href="/staff"');

    const admin = await office.staff('overview-admin@example.com', ['admin']);
    const adminPage = await office.request('GET', '/', { cookie: admin.cookie });
    expect(adminPage.text).toContain('href="/staff"');
    expect(adminPage.text).toContain('href="/audit"');
    expect(adminPage.text).not.toContain('href="/payouts"');

    const german = await office.staff('overview-de@example.com', ['inspector']);
    const saved = await office.request('POST', '/account', {
      cookie: german.cookie,
      form: { csrf: german.csrfToken, locale: 'de', name: 'Ida' },
    });
    expect(saved.status).toBe(302);
    const germanPage = await office.request('GET', '/', { cookie: german.cookie });
    expect(germanPage.text).toContain('<html lang="de">');
    expect(germanPage.text).toContain('Nach dem Auszahlungsversprechen überfällig');
    expect(figureOf(germanPage.text, 'figure-received').sum).toBe(
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(
        (received.amountCents + late.amountCents + paid.amountCents) / 100,
      ),
    );
  });

  it("is clean for axe at 1280 and 360 px, with the shortcuts of the member's roles", async () => {
    const member = await office.staff('overview-browser@example.com', ['payouts', 'admin']);
    for (const width of [1280, 360]) {
      const page = await office.newPage({ session: member, width });
      try {
        await page.goto(office.url('/'));
        await hydrated(page);
        expect(await page.$eval('h1', (heading) => heading.textContent)).toBe('Overview');
        expect(await axeViolations(page), `${width} px`).toEqual([]);
        const shortcut = await page.locator('::-p-aria(Payouts[role="link"])').waitHandle();
        expect(shortcut).not.toBeNull();
      } finally {
        await page.close();
      }
    }
  });
});
