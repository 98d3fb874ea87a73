import { beforeAll, describe, expect, it } from 'vitest';
import { useTestShop } from './test-shop.ts';

/*
 * hreflang alternates of the catalogue pages: a product, overview or category page names the
 * same device, series, manufacturer or category in every edition, and `x-default`; its canonical
 * and its own alternate are one address, and every alternate names the page back.
 */

const shop = useTestShop();
let productPath: string;
beforeAll(async () => {
  const sitemap = (await shop.get('fr.localhost', '/sitemap.xml')).body;
  const product = /<loc>https?:\/\/[^/]+(\/produits\/apple-iphone-13-[^<]+)<\/loc>/.exec(sitemap);
  if (product?.[1] === undefined) throw new Error('the sitemap lists no iPhone 13');
  productPath = product[1];
});

/** The canonical address and the hreflang alternates of a page. */
function searchEngineLinks(html: string) {
  const canonical = /<link rel="canonical" href="([^"]+)"\/>/.exec(html)?.[1];
  const alternates = Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map(
      ([, hrefLang, href]) => [hrefLang, href],
    ),
  );
  return { canonical, alternates };
}

/** A page by its absolute address: the host of the URL decides the edition. */
function getUrl(href: string) {
  const url = new URL(href);
  return shop.get(url.host, `${url.pathname}${url.search}`);
}

const locales = ['de-AT', 'de-DE', 'es-ES', 'fr-FR', 'it-IT'];

describe.each([
  ['a product page', () => productPath],
  ['a sell category page', () => '/catalogue/smartphones'],
  ["a manufacturer's overview in a category", () => '/produits/apercu-tablettes-apple'],
  ["a series' overview", () => '/produits/apercu-apple-iphone-13'],
  ['the contact page', () => '/contact'],
])('%s on the French production host', (_kind, path) => {
  it('names itself and the same page in every other edition, and x-default', async () => {
    const page = await shop.get('www.tradein.fr', path());
    expect(page.statusCode).toBe(200);
    const { canonical, alternates } = searchEngineLinks(page.body);
    expect(canonical).toBe(`https://www.tradein.fr${path()}`);
    expect(Object.keys(alternates).toSorted()).toEqual([...locales, 'x-default'].toSorted());
    expect(alternates['fr-FR']).toBe(canonical);
    expect(alternates['x-default']).toBe(alternates['de-DE']);
    for (const locale of locales) {
      const href = alternates[locale] ?? '';
      expect(new URL(href).origin).toMatch(/^https:\/\/www\.tradein\.(at|de|es|fr|it)$/);
      const other = await getUrl(href);
      expect({ href, status: other.statusCode }).toEqual({ href, status: 200 });
      const back = searchEngineLinks(other.body);
      expect(back.canonical).toBe(href);
      expect(back.alternates['fr-FR']).toBe(canonical);
    }
  });
});

describe('on a local host', () => {
  it('names the editions on their local hosts, the page itself as its canonical', async () => {
    const page = await shop.get('fr.localhost', '/catalogue/smartphones');
    const { canonical, alternates } = searchEngineLinks(page.body);
    expect(canonical).toBe('http://fr.localhost/catalogue/smartphones');
    expect(alternates['fr-FR']).toBe(canonical);
    expect(alternates['it-IT']).toMatch(/^http:\/\/it\.localhost\/catalogo\//);
    expect(alternates['de-DE']).toMatch(/^http:\/\/localhost\/verkaufen\//);
    expect((await getUrl(alternates['it-IT'] ?? '')).statusCode).toBe(200);
  });

  it('names no alternates on a shop only one edition has (agan)', async () => {
    const page = await shop.get('agan.localhost', '/verkaufen/smartphones');
    expect(page.statusCode).toBe(200);
    expect(searchEngineLinks(page.body).alternates).toEqual({});
  });
});

describe('overview addresses', () => {
  it("names a manufacturer's overview in its category as the canonical one", async () => {
    const page = await shop.get('fr.localhost', '/produits/apercu-apple');
    expect(page.statusCode).toBe(200);
    expect(searchEngineLinks(page.body).canonical).toBe(
      'http://fr.localhost/produits/apercu-smartphones-apple',
    );
  });

  it("links a category's manufacturers to their overview in that category", async () => {
    const page = await shop.get('fr.localhost', '/catalogue/tablettes');
    expect(page.body).toContain('href="/produits/apercu-tablettes-apple"');
    expect(page.body).not.toContain('href="/produits/apercu-apple"');
  });
});
