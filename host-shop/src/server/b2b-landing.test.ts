import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestShop } from './test-shop.ts';

const shop = useTestShop();

/** Text with entities read and every kind of space made a plain one. */
function plain(html: string): string {
  return html
    .replaceAll('&amp;', '&')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&nbsp;', ' ')
    .replaceAll(/[\s\u00a0\u202f]+/g, ' ');
}

/** The links with a class of `button`, as [href, text]. */
function buttons(html: string): [string, string][] {
  return [...html.matchAll(/<a class="button[^"]*" href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(
    (match) => [match[1] ?? '', plain(match[2] ?? '')],
  );
}

/** The formal German statement of the B2B cap, as the shop's catalog holds it. */
function capStatement(): string {
  const catalog = readFileSync(new URL('../locales/de-formal.po', import.meta.url), 'utf8');
  const entry = catalog
    .split('\n\n')
    .find((block) =>
      block.includes('msgid "Business sales may total at most {cap} within 30 days'),
    );
  const text = /^msgstr "(.*)"$/m.exec(entry ?? '')?.[1];
  if (text === undefined) throw new Error('the catalog lacks the statement of the B2B cap');
  return text.replace('{cap}', '5.000,00 €');
}

describe('the business landing page', () => {
  it.each(['/b2b/ankaufsportal', '/b2b/landingpage'])(
    'on the B2B host (%s) starts the sell flow there in the server-rendered page, the business team second',
    async (path) => {
      const response = await shop.get('b2b.localhost', path);
      expect(response.statusCode).toBe(200);
      expect(buttons(response.body)).toEqual([
        ['/', 'Geräte Ihres Unternehmens verkaufen'],
        ['mailto:b2b@tradein.de', 'Schreiben Sie unserem Business-Team'],
      ]);
    },
  );

  it('on the consumer host leads to the sell flow of the B2B host', async () => {
    const local = await shop.get('de.localhost', '/b2b/ankaufsportal');
    expect(buttons(local.body)[0]?.[0]).toBe('http://b2b.localhost/');
    const production = await shop.get('www.tradein.de', '/b2b/landingpage');
    expect(buttons(production.body)[0]?.[0]).toBe('https://b2b.tradein.de/');
  });

  it('states the B2B cap in the words of the widget and the trade API, without a per-trade cap', async () => {
    const html = plain((await shop.get('b2b.localhost', '/b2b/ankaufsportal')).body);
    expect(html).toContain(capStatement());
    expect(html).not.toMatch(/pro Verkauf|per trade/);
  });
});
