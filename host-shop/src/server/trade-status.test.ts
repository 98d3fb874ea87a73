import { dirname } from 'node:path';
import { readTradeApiConfig } from '@tradein/trade-api';
import { describe, expect, it } from 'vitest';
import { issueTradeStatusToken, mailsTo } from '@tradein/trade-api/test-kit';
import { catalogueDevice, guestTrade } from './selling-test-kit.ts';
import { mainOf, useTestShop } from './test-shop.ts';

const shop = useTestShop();

/** A guest sells an iPhone; answers the trade number and the status token of the trade mail. */
async function guestSale(email: string): Promise<{ tradeNumber: string; token: string }> {
  const device = await catalogueDevice(shop.api, 'iphone 13');
  const { tradeNumber } = await guestTrade(shop.api, email, [{ device, pick: 'best' }]);
  const [mail] = await mailsTo(shop.outbox, email);
  const link = /https?:\/\/\S*\/trade\/status\?token=([\w.-]+)/.exec(mail?.text ?? '');
  if (link?.[1] === undefined) throw new Error('the trade mail has no status link');
  return { tradeNumber, token: link[1] };
}

/** The secret the shop's trade API signs with: the one kept in its data folder. */
const secret = () => readTradeApiConfig({ DATA_DIR: dirname(shop.outbox) }).jwtSecret;

describe('the status page of a trade, without an account', () => {
  it('shows the trade by the link of its mail: status, devices, ship-by date, label and contact', async () => {
    const { tradeNumber, token } = await guestSale('status.guest.1@example.org');
    const page = await shop.get('de.localhost', `/trade/status?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.body).toContain('<meta name="robots" content="noindex"');
    const main = mainOf(page.body);
    expect(main).toContain(`Dein Verkauf ${tradeNumber}`);
    expect(main).toContain('Wir warten auf dein Paket');
    expect(main).toContain('Schick dein Paket bis zum');
    expect(main).toContain('Bevor du packst');
    expect(main).toContain('Nimm die SIM-Karte und die Speicherkarte heraus.');
    expect(main).toContain('Konto mit der Endung 3000');
    expect(main).toContain('href="/kontakt"');
    expect(main).toContain('href="mailto:service@tradein.de"');
    const label = /href="(\/api\/trade\/trade_status\/label\.pdf\?token=[^"]+)"/.exec(main)?.[1];
    expect(label).toBeDefined();
    const pdf = await shop.get('de.localhost', (label ?? '').replaceAll('&amp;', '&'));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Nothing personal: no address, no full IBAN.
    expect(main).not.toContain('Hauptstraße');
    expect(main).not.toContain('DE89370400440532013000');
  });

  it.each([
    [
      'a tampered token',
      (token: string) => `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`,
    ],
    ['no token', () => ''],
    ['a token of the wrong form', () => '%3Cscript%3E'],
  ])('answers the expired-link page for %s, with home and contact', async (_what, change) => {
    const { tradeNumber, token } = await guestSale(`status.guest.${_what.length}@example.org`);
    const page = await shop.get('fr.localhost', `/trade/status?token=${change(token)}`);
    expect(page.statusCode).toBe(404);
    const main = mainOf(page.body);
    expect(main).toContain('data-page-type="404"');
    expect(main).toContain('href="/"');
    expect(main).toContain('href="/contact"');
    expect(main).not.toContain(tradeNumber);
  });

  it('answers the expired-link page for an expired token', async () => {
    const { tradeNumber } = await guestSale('status.guest.expired@example.org');
    const longAgo = new Date(Date.now() - 91 * 86_400_000);
    const expired = await issueTradeStatusToken(secret(), tradeNumber, longAgo);
    const page = await shop.get('de.localhost', `/trade/status?token=${expired}`);
    expect(page.statusCode).toBe(404);
    const main = mainOf(page.body);
    expect(main).toContain('Hoppla, dieser Link ist abgelaufen');
    expect(main).toContain('href="/kontakt"');
    expect(main).not.toContain(tradeNumber);
    const fresh = await issueTradeStatusToken(secret(), tradeNumber, new Date());
    expect((await shop.get('de.localhost', `/trade/status?token=${fresh}`)).statusCode).toBe(200);
  });

  it('offers the contact page on the expired page of a clarification link', async () => {
    const page = await shop.get('de.localhost', `/clarification/${'a'.repeat(43)}/T-2026-000001`);
    expect(page.statusCode).toBe(404);
    const main = mainOf(page.body);
    expect(main).toContain('Hoppla, dieser Link ist abgelaufen');
    expect(main).toContain('href="/"');
    expect(main).toContain('href="/kontakt"');
  });
});
