import { describe, expect, it } from 'vitest';
import { useTestShop } from './test-shop.ts';

/*
 * The catalogue pages around the widget's browse levels and a device's variants: the sell page
 * of each browse level, the overview pages' start, the variant links of a product page.
 */

const shop = useTestShop();

/** The `<a>` tags of a page that point at `href`. */
function linksTo(html: string, href: string): string[] {
  return [...html.matchAll(/<a\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => tag.includes(` href="${href}"`));
}

/** The attributes the server writes on `<tradein-widget>`. */
function widgetTag(html: string): string {
  return /<tradein-widget\b[^>]*>/.exec(html)?.[0] ?? '';
}

describe('product pages', () => {
  it('link every variant of the model, smallest storage first, the current one marked', async () => {
    const page = await shop.get('de.localhost', '/produkte/apple-iphone-13-256-gb');
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('Apple iPhone 13: alle Varianten');
    const sizes = ['128-gb', '256-gb', '512-gb'].map((size) => `/produkte/apple-iphone-13-${size}`);
    const positions = sizes.map((href) => html.indexOf(`href="${href}"`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect(positions).toEqual(positions.toSorted((left, right) => left - right));
    expect(linksTo(html, sizes[1] ?? '').some((tag) => tag.includes('aria-current="page"'))).toBe(
      true,
    );
    for (const other of [sizes[0], sizes[2]]) {
      expect(linksTo(html, other ?? '').some((tag) => tag.includes('aria-current'))).toBe(false);
    }
  });
});

describe('sell pages of the browse levels', () => {
  it('open the widget at a manufacturer within a category, listing its series', async () => {
    const page = await shop.get('de.localhost', '/verkaufen/smartphones-apple');
    expect(page.statusCode).toBe(200);
    expect(widgetTag(page.body)).toContain('category="smartphones-apple"');
    expect(linksTo(page.body, '/verkaufen/apple-iphone-13')).toHaveLength(1);
    // Search engines are given the overview of the same manufacturer.
    expect(page.body).toContain(
      '<link rel="canonical" href="http://de.localhost/produkte/uebersicht-smartphones-apple"/>',
    );
  });

  it('open the widget at a series, listing its models', async () => {
    const page = await shop.get('de.localhost', '/verkaufen/apple-iphone-13');
    expect(page.statusCode).toBe(200);
    expect(widgetTag(page.body)).toContain('category="apple-iphone-13"');
    expect(linksTo(page.body, '/produkte/apple-iphone-13-256-gb')).toHaveLength(1);
  });

  it('answer 404 for a url that names nothing', async () => {
    const page = await shop.get('de.localhost', '/verkaufen/smartphones-nokiax');
    expect(page.statusCode).toBe(404);
  });
});

describe('overview pages', () => {
  it.each([
    ['de.localhost', '/produkte/uebersicht-smartphones-apple', 'smartphones-apple'],
    ['fr.localhost', '/produits/apercu-smartphones-apple', 'smartphones-apple'],
    ['de.localhost', '/produkte/uebersicht-apple-iphone-13', 'apple-iphone-13'],
  ])('%s%s starts the widget at its own level', async (host, path, category) => {
    const page = await shop.get(host, path);
    expect(page.statusCode).toBe(200);
    expect(widgetTag(page.body)).toContain(`category="${category}"`);
  });
});
