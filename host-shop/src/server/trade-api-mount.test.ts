import { brotliDecompressSync } from 'node:zlib';
import { buildSearchRequest, searchResultSchema } from '@tradein/contract';
import { describe, expect, it } from 'vitest';
import { editionCodes, getEdition } from '@tradein/editions';
import { contentSlugs } from '../app/content/content-slugs.ts';
import { useTestShop } from './test-shop.ts';

const shop = useTestShop();

describe('the trade API on the shop origin', () => {
  it('answers a typo search from the seeded catalogue', async () => {
    const response = await shop.inject({
      method: 'POST',
      url: '/api/trade/searches',
      headers: { host: 'de.localhost:8080', 'content-type': 'application/json' },
      payload: buildSearchRequest({ kind: 'deviceSearch', text: 'iphne 13' }, 'devices_de'),
    });
    expect(response.statusCode).toBe(200);
    const result = searchResultSchema.parse(response.json());
    if (result.kind !== 'deviceSearch') throw new Error(result.kind);
    expect(result.hits[0]?.model).toMatch(/^iPhone 13/);
  });

  it('compresses API answers for clients that accept it (brotli, vary: accept-encoding)', async () => {
    const response = await shop.inject({
      method: 'POST',
      url: '/api/trade/searches',
      headers: {
        host: 'de.localhost:8080',
        'content-type': 'application/json',
        'accept-encoding': 'gzip, deflate, br',
      },
      payload: buildSearchRequest({ kind: 'deviceSearch', text: 'iphone' }, 'devices_de', 20),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    const body = brotliDecompressSync(response.rawPayload);
    expect(response.rawPayload.length).toBeLessThan(body.length / 3);
    const result = searchResultSchema.parse(JSON.parse(body.toString()));
    expect(result.kind).toBe('deviceSearch');
  });

  it('serves generated catalogue images', async () => {
    const device = shop.tradeApi.catalogue.current().catalogue.devices[0];
    const response = await shop.inject({
      url: `/api/trade/images/device/${device?.id}.svg`,
      headers: { host: 'localhost' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toMatch(/^<svg[\s>]/);
  });

  it('answers unknown API paths with JSON, not the shop 404 page', async () => {
    const response = await shop.inject({
      url: '/api/no-such-call',
      headers: { host: 'localhost' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ error: { code: expect.any(String) } });
  });

  it('keeps serving shop pages beside the API', async () => {
    const response = await shop.inject({
      url: '/',
      headers: { host: 'fr.localhost', 'user-agent': 'Mozilla/5.0 Chrome/130' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('data-edition="fr"');
  });
});

/** A GET on the shop under `host`. */
const get = (host: string, url: string) => shop.inject({ url, headers: { host } });

/** The page URLs a sitemap lists. */
const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('sitemap.xml and robots.txt per edition host', () => {
  it('lists the home, contact, sell category, product, overview and content pages of the edition', async () => {
    const response = await get('de.localhost:8080', '/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    const urls = locations(response.body);
    const { categories, devices, categoryManufacturers } =
      shop.tradeApi.catalogue.current().catalogue;
    const overviews = urls.filter((url) => url?.includes('/produkte/uebersicht-'));
    const products = urls.filter((url) => url?.includes('/produkte/') && !overviews.includes(url));
    expect(products).toHaveLength(devices.length);
    expect(urls.filter((url) => url?.includes('/verkaufen/'))).toHaveLength(categories.length);
    expect(urls.filter((url) => url?.includes('/content/'))).toHaveLength(contentSlugs.length);
    // Every manufacturer in each of its categories, and the series.
    expect(overviews.length).toBeGreaterThan(categoryManufacturers.length);
    expect(urls).toContain('http://de.localhost:8080/kontakt');
    expect(urls).toContain('http://de.localhost:8080/content/data-erasure');
    expect(urls[0]).toBe('http://de.localhost:8080/');
    expect(urls).toContain(`http://de.localhost:8080/verkaufen/${categories[0]?.pages.de.url}`);
    for (const device of devices.slice(0, 50)) {
      expect(urls).toContain(`http://de.localhost:8080/produkte/${device.pages.de.url}`);
    }
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('uses the paths and texts of the edition, and its public domain on production hosts', async () => {
    const local = locations((await get('fr.localhost', '/sitemap.xml')).body);
    const device = shop.tradeApi.catalogue.current().catalogue.devices[0];
    expect(local).toContain(`http://fr.localhost/produits/${device?.pages.fr.url}`);
    const production = locations((await get('www.tradein.fr', '/sitemap.xml')).body);
    expect(production[0]).toBe('https://www.tradein.fr/');
    expect(production.every((url) => url?.startsWith('https://www.tradein.fr/'))).toBe(true);
  });

  it('names the sitemap of the host in robots.txt', async () => {
    const local = await get('it.localhost:8080', '/robots.txt');
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(local.body).toBe(
      'User-agent: *\nAllow: /\nSitemap: http://it.localhost:8080/sitemap.xml\n',
    );
    // A forged host header cannot make a production host name another domain.
    const production = await get('www.tradein.it', '/robots.txt');
    expect(production.body).toContain('Sitemap: https://www.tradein.it/sitemap.xml');
  });
});

/** The first device and category of the seeded catalogue (known once the API is open). */
const device = () => shop.tradeApi.catalogue.current().catalogue.devices[0];
const category = () => shop.tradeApi.catalogue.current().catalogue.categories[0];

describe('catalogue pages that do not exist', () => {
  it.each([
    ['de.localhost', () => `/produkte/${device()?.pages.de.url}`],
    ['fr.localhost', () => `/produits/${device()?.pages.fr.url}`],
    ['de.localhost', () => `/verkaufen/${category()?.pages.de.url}`],
    ['it.localhost', () => `/catalogo/${category()?.pages.it.url}`],
  ])('%s answers a real one with its page', async (host, path) => {
    const response = await get(host, path());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it.each([
    ['de.localhost', '/produkte/no-such-device'],
    ['de.localhost', '/produkte/not%20a%20slug'],
    ['fr.localhost', `/produits/toaster-3000`],
    ['de.localhost', '/verkaufen/toasters'],
    // A device's url in another edition's words is not a page of this one.
    ['es.localhost', '/vender/smartphones-de'],
  ])('%s answers %s with 404', async (host, path) => {
    const response = await shop.inject({
      url: path,
      headers: { host, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatch(/^<!doctype html>/i);
  });

  it('gives a crawler the 404 status without the page', async () => {
    const response = await shop.inject({
      url: '/produkte/no-such-device',
      headers: {
        host: 'de.localhost',
        'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
      },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('Not Found');
  });
});

describe("the footer's shipping logos", () => {
  it.each(editionCodes)('serves the logo the %s edition names', async (edition) => {
    const { imagePath } = getEdition(edition).footerShippingLogo;
    const response = await get(`${edition}.localhost`, imagePath);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toContain('<svg');
  });
});
