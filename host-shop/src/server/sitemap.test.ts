import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestShop } from './test-shop.ts';

/*
 * The sitemap and robots.txt of each edition host: what the sitemap lists (every listed page is
 * live), how both are cached, and the sitemap compressed for clients that accept it.
 */

const shop = useTestShop();

const editions = [
  { host: 'de.localhost', contact: '/kontakt', overview: '/produkte/uebersicht-' },
  { host: 'at.localhost', contact: '/kontakt', overview: '/produkte/uebersicht-' },
  { host: 'es.localhost', contact: '/contacto', overview: '/productos/todos-los-articulos-' },
  { host: 'fr.localhost', contact: '/contact', overview: '/produits/apercu-' },
  { host: 'it.localhost', contact: '/contatti', overview: '/prodotti/panoramica-' },
];

/** The paths a sitemap lists. */
function locPaths(xml: string): string[] {
  return [...xml.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map(([, path]) => path ?? '');
}

describe.each(editions)('the sitemap of $host', ({ host, contact, overview }) => {
  it('lists the contact page and the overview of every manufacturer in each category', async () => {
    const paths = locPaths((await shop.get(host, '/sitemap.xml')).body);
    expect(paths).toContain(contact);
    expect(new Set(paths).size).toBe(paths.length);
    const overviews = paths.filter((path) => path.startsWith(overview));
    // Apple is listed in several categories: one overview for each of them.
    const apple = overviews.filter((path) => path.endsWith('-apple'));
    expect(apple.length).toBeGreaterThanOrEqual(3);
    expect(overviews.length).toBeGreaterThan(100);
    // The first overview of each kind answers as a live page naming itself canonical.
    for (const path of [apple[0] ?? '', overviews.at(-1) ?? '']) {
      const page = await shop.get(host, path);
      expect({ path, status: page.statusCode }).toEqual({ path, status: 200 });
      expect(page.body).toContain(`<link rel="canonical" href="http://${host}${path}"/>`);
    }
  });
});

it('lists only live overview pages (French catalogue)', async () => {
  const paths = locPaths((await shop.get('fr.localhost', '/sitemap.xml')).body);
  const overviews = paths.filter((path) => path.startsWith('/produits/apercu-'));
  const failing: string[] = [];
  for (const path of overviews) {
    const page = await shop.get('fr.localhost', path);
    if (page.statusCode !== 200) failing.push(`${page.statusCode} ${path}`);
  }
  expect(failing).toEqual([]);
}, 60_000);

describe.each([
  ['/sitemap.xml', 'application/xml; charset=utf-8'],
  ['/robots.txt', 'text/plain; charset=utf-8'],
])('%s', (path, type) => {
  it('is kept an hour, then revalidated with its entity tag', async () => {
    const first = await shop.get('es.localhost', path);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe(type);
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"[\w-]{20,}"$/);
    const unchanged = await shop.get('es.localhost', path, { 'if-none-match': tag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    // Another host names other addresses: another tag.
    const other = await shop.get('it.localhost', path, { 'if-none-match': tag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(tag);
  });
});

it('compresses the sitemap for a client that accepts gzip', async () => {
  const plain = await shop.get('fr.localhost', '/sitemap.xml');
  const gzipped = await shop.inject({
    method: 'GET',
    url: '/sitemap.xml',
    headers: { host: 'fr.localhost', 'accept-encoding': 'gzip' },
  });
  expect(gzipped.headers['content-encoding']).toBe('gzip');
  expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
  expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
  expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
});
