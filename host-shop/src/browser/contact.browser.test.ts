import { describe, expect, it } from 'vitest';
import { readOutbox } from '@tradein/trade-api/test-kit';
import { hydrated, useShopBrowser } from './browser-kit.ts';

const shop = useShopBrowser();

describe('the contact form with JavaScript', () => {
  it('shows what to fix, then sends by keyboard without reloading the page', async () => {
    const page = await shop.newPage(360);
    await page.goto(shop.url('es.localhost', '/contacto'));
    await hydrated(page);
    await page.evaluate(() => {
      (window as { shopMark?: number }).shopMark = 1;
    });

    // Sent empty: the alert names the problem, each field says what it needs.
    await page.click('button[type="submit"]');
    await page.waitForSelector('[role="alert"] .notice--error');
    expect(await page.$eval('[role="alert"]', (alert) => alert.textContent)).toContain(
      'Revisa los campos marcados',
    );
    expect(
      await page.$$eval('[aria-invalid="true"]', (fields) =>
        fields.map((field) => field.getAttribute('name')),
      ),
    ).toEqual(['subject', 'name', 'email', 'message']);

    await page.select('select[name="subject"]', 'payout');
    await page.focus('input[name="name"]');
    await page.keyboard.type('Lucía Pérez');
    await page.keyboard.press('Tab');
    await page.keyboard.type('lucia@example.org');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('¿Cuándo recibo mi pago?');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('submit');
    await page.keyboard.press('Enter');

    await page.waitForSelector('output.notice--success');
    expect(await page.$('textarea[name="message"]')).toBeNull();
    expect(await page.evaluate(() => (window as { shopMark?: number }).shopMark)).toBe(1);
    const mails = (await readOutbox(`${shop.server.dataDir}/outbox`)).filter(
      (mail) => mail.replyTo === 'lucia@example.org',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'atencion@tradein.es', kind: 'contact' });
    expect(mails[0]?.text).toContain('¿Cuándo recibo mi pago?');
    await page.close();
  }, 60_000);
});
