import { describe, expect, it } from 'vitest';
import { useTestShop } from './test-shop.ts';

/*
 * The security headers of the pages come from one place (security-headers.ts): a page, the 404
 * page (also as crawlers get it) and a redirect carry the same ones, on local and production
 * hosts alike.
 */

const shop = useTestShop();

const securityHeaderNames = [
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'permissions-policy',
  'strict-transport-security',
];

/** The security headers of an answer, its nonce replaced so that answers compare. */
function securityHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    securityHeaderNames.map((name) => [
      name,
      typeof headers[name] === 'string'
        ? headers[name].replace(/'nonce-[^']+'/, "'nonce-…'")
        : headers[name],
    ]),
  );
}

const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe.each(['it.localhost', 'www.tradein.it'])('on %s', (host) => {
  it('a page, the 404 page and a redirect carry the same security headers', async () => {
    const page = await shop.get(host, '/');
    const missing = await shop.get(host, '/no-such-page');
    const missingForCrawler = await shop.get(host, '/no-such-page', { 'user-agent': crawler });
    const moved = await shop.get(host, '/faq');
    expect([page, missing, missingForCrawler, moved].map((answer) => answer.statusCode)).toEqual([
      200, 404, 404, 301,
    ]);
    const expected = securityHeaders(page.headers);
    expect(expected['content-security-policy']).toMatch(/script-src 'self' 'nonce-…'/);
    expect(expected['x-frame-options']).toBe('SAMEORIGIN');
    for (const answer of [missing, missingForCrawler, moved]) {
      expect(securityHeaders(answer.headers)).toEqual(expected);
    }
  });
});

it('asks for HTTPS on production hosts only (local hosts here came over plain HTTP)', async () => {
  const production = await shop.get('www.tradein.it', '/faq');
  expect(production.headers['strict-transport-security']).toBe(
    'max-age=31536000; includeSubDomains',
  );
  const local = await shop.get('it.localhost', '/faq');
  expect(local.headers['strict-transport-security']).toBeUndefined();
});

it('gives the other answers of the shop server nosniff and the referrer policy', async () => {
  for (const path of ['/robots.txt', '/sitemap.xml', '/favicon.svg']) {
    const response = await shop.get('it.localhost', path);
    expect({ path, status: response.statusCode }).toEqual({ path, status: 200 });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  }
});
