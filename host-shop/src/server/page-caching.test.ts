import { beforeAll, describe, expect, it } from 'vitest';
import { useTestShop } from './test-shop.ts';

/*
 * How browsers may keep the shop's pages: public pages are revalidated with an entity tag (304
 * when unchanged), pages of one person are never stored.
 */

const shop = useTestShop();
let productPath: string;
beforeAll(async () => {
  const sitemap = (await shop.get('de.localhost', '/sitemap.xml')).body;
  const product = /<loc>https?:\/\/[^/]+(\/produkte\/(?!uebersicht-)[^<]+)<\/loc>/.exec(sitemap);
  if (product?.[1] === undefined) throw new Error('the sitemap lists no product page');
  productPath = product[1];
});

const host = 'de.localhost';

describe('a public page', () => {
  it.each([
    ['home', () => '/'],
    ['sell category', () => '/verkaufen/smartphones'],
    ['product', () => productPath],
    ['contact', () => '/kontakt'],
    ['content', () => '/content/how-it-works'],
  ])('%s: revalidated with its entity tag, 304 while unchanged', async (_kind, path) => {
    const first = await shop.get(host, path());
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"[\w-]{20,}"$/);

    // A second answer has a new nonce, and the same tag: the page did not change.
    const second = await shop.get(host, path());
    expect(second.headers['content-security-policy']).not.toBe(
      first.headers['content-security-policy'],
    );
    expect(second.headers.etag).toBe(tag);

    const unchanged = await shop.get(host, path(), { 'if-none-match': tag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(tag);
    expect(unchanged.headers['cache-control']).toBe('no-cache');
    // The client keeps the policy of the page it holds, which names that page's nonce.
    expect(unchanged.headers['content-security-policy']).toBeUndefined();

    const other = await shop.get(host, path(), { 'if-none-match': 'W/"another-page"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('<!DOCTYPE html>');
  });

  it("differs in its tag from another edition's page", async () => {
    const german = await shop.get('de.localhost', '/');
    const french = await shop.get('fr.localhost', '/');
    expect(german.headers.etag).not.toBe(french.headers.etag);
    const crossed = await shop.get('fr.localhost', '/', {
      'if-none-match': String(german.headers.etag),
    });
    expect(crossed.statusCode).toBe(200);
  });
});

describe('a page of one person, an error or a form answer', () => {
  it.each([
    ['account', '/account'],
    ['account management', '/account/management'],
    ['checkout', '/checkout'],
    ['thank-you', '/thankYou'],
    ['newsletter', '/newsletter/enrich'],
    ['clarification link', '/clarification/4711/T-2026-000001'],
    ['404 page', '/no-such-page'],
  ])('%s: never stored, no entity tag', async (_kind, path) => {
    const response = await shop.get(host, path);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.etag).toBeUndefined();
  });

  it('answers a form post without storing it', async () => {
    const response = await shop.postForm(host, '/kontakt', { email: 'not-an-address' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.etag).toBeUndefined();
  });
});
