import { beforeAll, describe, expect, it } from 'vitest';
import { useTestShop } from './test-shop.ts';

const shop = useTestShop();

/** Every edition's consumer host, its language and its localized paths (§2). */
const editions = [
  {
    host: 'de.localhost',
    edition: 'de',
    language: 'de',
    contact: '/kontakt',
    checkout: '/checkout',
    thankYou: '/thankYou',
    oops: 'Hoppla!',
  },
  {
    host: 'at.localhost',
    edition: 'at',
    language: 'de',
    contact: '/kontakt',
    checkout: '/checkout',
    thankYou: '/thankYou',
    oops: 'Hoppla!',
  },
  {
    host: 'es.localhost',
    edition: 'es',
    language: 'es',
    contact: '/contacto',
    checkout: '/checkout',
    thankYou: '/thankYou',
    oops: '¡Vaya!',
  },
  {
    host: 'fr.localhost',
    edition: 'fr',
    language: 'fr',
    contact: '/contact',
    checkout: '/checkout',
    thankYou: '/thankYou',
    oops: 'Oups !',
  },
  {
    host: 'it.localhost',
    edition: 'it',
    language: 'it',
    contact: '/contatti',
    checkout: '/guardare',
    thankYou: '/grazie',
    oops: 'Ops!',
  },
] as const;

type Edition = (typeof editions)[number];

/** The text of the first element matching a tag (and attributes), tags inside removed. */
function textOf(html: string, pattern: RegExp): string | undefined {
  return pattern
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim();
}

const titleOf = (html: string) => textOf(html, /<title>([^<]*)<\/title>/);
const headingOf = (html: string) => textOf(html, /<h1[^>]*>(.*?)<\/h1>/s);
const metaContent = (html: string, name: string) =>
  new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(html)?.[1];
const linkHref = (html: string, rel: string) =>
  new RegExp(`<link rel="${rel}" href="([^"]*)"`).exec(html)?.[1];

/** The sitemap's paths of a host: the catalogue pages the shop itself names. */
async function sitemapPaths(host: string): Promise<string[]> {
  const response = await shop.get(host, '/sitemap.xml');
  return [...response.body.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map(
    (match) => match[1] ?? '',
  );
}

/** A page renders: 200, HTML in the edition's language, its own title and description. */
async function expectPage(edition: Edition, path: string) {
  const response = await shop.get(edition.host, path);
  expect({ path, status: response.statusCode }).toEqual({ path, status: 200 });
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.body).toMatch(/^<!DOCTYPE html>/i);
  expect(response.body).toContain(
    `<html lang="${edition.language}" data-edition="${edition.edition}"`,
  );
  expect(titleOf(response.body)).toMatch(/\S.* \| tradein$/);
  expect(metaContent(response.body, 'description')).toMatch(/\S{3}/);
  expect(headingOf(response.body)).toMatch(/\S/);
  return response.body;
}

describe.each(editions)('the pages of $host', (edition) => {
  let paths: string[];
  beforeAll(async () => {
    paths = await sitemapPaths(edition.host);
  });
  const find = (prefix: RegExp) => {
    const path = paths.find((candidate) => prefix.test(candidate));
    if (path === undefined) throw new Error(`the sitemap of ${edition.host} lacks ${prefix}`);
    return path;
  };

  it('home: the search entry, category tiles, how it works, trust strip', async () => {
    const html = await expectPage(edition, '/');
    expect(html).toMatch(new RegExp(`<tradein-widget edition="${edition.edition}" mode="default"`));
    // The widget's loader, loaded once the page has painted (deferred-scripts.server.ts).
    expect(html).toContain('"afterPaint":["/widget/tradein-widget.js"]');
    expect(html).toMatch(/<ul class="tiles">(?:<li><a class="tile" href="\/[^"]+\/[^"]+")/);
    expect(html).toContain('class="how-it-works"');
    expect(html).toContain('class="trust-strip"');
    expect(html).toContain('data-layout="home"');
  });

  it('sell category: its content, manufacturer links, the widget at that category', async () => {
    const category = find(/^\/[^/]+\/[^/]+$/);
    const slug = category.split('/')[2];
    const html = await expectPage(edition, category);
    expect(html).toContain(`category="${slug}"`);
    expect(html).toContain('class="catalogue-text"');
    expect(html).toMatch(/<a href="\/[^"]+\/[^"/]+-[^"]+" data-discover="true">/);
    expect(html).toContain('data-layout="default"');
    expect(metaContent(html, 'keywords')).toMatch(/\S/);
  });

  it('product detail: device name, image, the widget at its questions', async () => {
    const categoryPrefix = find(/^\/[^/]+\/[^/]+$/).split('/')[1];
    const product = paths.find(
      (path) =>
        path.split('/').length === 3 &&
        !path.startsWith(`/${categoryPrefix}/`) &&
        !path.startsWith('/content/'),
    );
    if (product === undefined) throw new Error('no product page in the sitemap');
    const html = await expectPage(edition, product);
    expect(html).toContain(`device="${product.split('/')[2]}"`);
    expect(html).toContain('class="product-image"');
    expect(metaContent(html, 'og:image')).toMatch(/^http:\/\/[^/]+\/api\/trade\/images\/device\//);
  });

  it('contact, checkout, thank-you, content, account, newsletter and clarification pages', async () => {
    await expectPage(edition, edition.contact);
    expect(await expectPage(edition, edition.checkout)).toContain('step="cart"');
    await expectPage(edition, edition.thankYou);
    await expectPage(edition, '/content/how-it-works');
    for (const path of ['/account', '/account/register', '/newsletter/enrich']) {
      await expectPage(edition, path);
    }
  });

  it('answers 404 with the localized error page for unknown paths and slugs', async () => {
    const category = find(/^\/[^/]+\/[^/]+$/).split('/')[1];
    for (const path of [
      '/no-such-page',
      `/${category}/no-such-category`,
      '/content/no-such-page',
    ]) {
      const response = await shop.get(edition.host, path);
      expect({ path, status: response.statusCode }).toEqual({ path, status: 404 });
      expect(response.body).toContain(edition.oops);
      expect(response.body).toContain('data-page-type="404"');
    }
  });
});

describe('search-engine tags', () => {
  it('names the canonical address, the other editions and Open Graph data', async () => {
    const html = (await shop.get('www.tradein.fr', '/contact')).body;
    expect(linkHref(html, 'canonical')).toBe('https://www.tradein.fr/contact');
    expect(html).toContain(
      '<link rel="alternate" hrefLang="de-DE" href="https://www.tradein.de/kontakt"/>',
    );
    expect(html).toContain(
      '<link rel="alternate" hrefLang="it-IT" href="https://www.tradein.it/contatti"/>',
    );
    expect(metaContent(html, 'og:url')).toBe('https://www.tradein.fr/contact');
    expect(metaContent(html, 'og:locale')).toBe('fr_FR');
  });

  it('keeps the checkout and thank-you pages out of the index', async () => {
    expect(metaContent((await shop.get('de.localhost', '/checkout')).body, 'robots')).toBe(
      'noindex',
    );
    expect(metaContent((await shop.get('it.localhost', '/grazie')).body, 'robots')).toBe('noindex');
  });
});

describe('editions without a screen', () => {
  it('serves the business landing pages in Germany only', async () => {
    for (const path of ['/b2b/ankaufsportal', '/b2b/landingpage']) {
      expect((await shop.get('de.localhost', path)).statusCode).toBe(200);
      expect((await shop.get('es.localhost', path)).statusCode).toBe(404);
      expect((await shop.get('at.localhost', path)).statusCode).toBe(404);
    }
  });

  it("answers another edition's localized path with 404", async () => {
    expect((await shop.get('fr.localhost', '/kontakt')).statusCode).toBe(404);
    expect((await shop.get('de.localhost', '/guardare')).statusCode).toBe(404);
  });
});

describe('layouts by shop mode', () => {
  it.each([
    ['de.localhost', '/', 'home'],
    ['de.localhost', '/kontakt', 'default'],
    ['b2b.localhost', '/', 'b2bwidget-home'],
    ['b2b.localhost', '/kontakt', 'b2bwidget-default'],
    ['agan.localhost', '/', 'agan-default'],
    ['aganwidget.localhost', '/kontakt', 'aganwidget-default'],
  ])('%s%s uses the %s layout', async (host, path, layout) => {
    const response = await shop.get(host, path);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`data-layout="${layout}"`);
  });

  it('shows newsletter, social links and the review seal in the consumer shop only', async () => {
    const consumer = (await shop.get('de.localhost', '/kontakt')).body;
    expect(consumer).toContain('action="/newsletter/signup"');
    expect(consumer).toContain('class="social-links"');
    expect(consumer).toContain('class="review-seal"');
    const agan = (await shop.get('agan.localhost', '/kontakt')).body;
    expect(agan).not.toContain('action="/newsletter/signup"');
    expect(agan).not.toContain('class="social-links"');
    expect(agan).not.toContain('https://shop.tradein.de');
    expect(agan).toContain('data-shop-mode="agan"');
  });

  it('shows the home banner where the edition has one', async () => {
    expect((await shop.get('de.localhost', '/')).body).toContain('class="home-banner"');
    expect((await shop.get('es.localhost', '/')).body).not.toContain('class="home-banner"');
  });
});

describe('redirects', () => {
  it.each([
    ['it.localhost', '/faq', '/contatti'],
    ['es.localhost', '/checkout/viewCart', '/'],
    [
      'de.localhost',
      '/browser/newsletter/unsubscribe/hash/0a1b2c',
      '/newsletter/unsubscribe/0a1b2c',
    ],
  ])('%s%s moves to %s', async (host, from, to) => {
    const response = await shop.get(host, from);
    expect([301, 308]).toContain(response.statusCode);
    expect(response.headers.location).toBe(to);
  });

  it('answers page-data requests of client-side navigation with the same redirect', async () => {
    const response = await shop.get('it.localhost', '/faq.data');
    expect(response.statusCode).toBe(202);
    expect(response.body).toContain('/contatti');
  });
});

describe('the 404 page', () => {
  it('shows the expired-link variant for clarification paths', async () => {
    const response = await shop.get('de.localhost', '/clarification/123');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Hoppla, dieser Link ist abgelaufen');
    expect(response.body).not.toContain('Diese Seite haben wir leider nicht gefunden.');
  });

  it('gives crawlers the status without the page', async () => {
    const response = await shop.get('de.localhost', '/no-such-page', {
      'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('data-page-type="404"');
  });
});

describe('scripts of pages', () => {
  it.each([
    ['home', 'de.localhost', '/', true],
    ['contact', 'fr.localhost', '/contact', false],
    ['the 404 page', 'it.localhost', '/no-such-page', false],
  ])(
    '%s: the first paint waits for no script, the router starts at the first interaction',
    async (_what, host, path, hasWidget) => {
      const { body } = await shop.get(host, path);
      expect(body).not.toContain('<link rel="modulepreload"');
      expect(body).not.toMatch(/<script [^>]*src=/);
      const scripts = [...body.matchAll(/<script[^>]*type="([^"]+)"[^>]*>([^<]*)<\/script>/g)];
      expect(scripts.filter(([, type]) => type === 'module')).toEqual([]);
      const waiting = scripts.filter(([, type]) => type === 'text/x-tradein-deferred-module');
      expect(waiting).toHaveLength(1);
      // The waiting module imports the client entry, which the starter preloads when it starts.
      const entry = /import\("(\/assets\/entry\.client-[^"]+\.js)"\)/.exec(waiting[0]?.[2] ?? '');
      expect(entry?.[1]).toBeDefined();
      const starter =
        /<script nonce="[^"]+">\(function startPageScripts[^<]*\)\((\{[^<]*\})\)<\/script><\/body>/.exec(
          body,
        );
      const settings = JSON.parse(starter?.[1] ?? 'null') as {
        preloads: string[];
        afterPaint: string[];
      };
      expect(settings.preloads).toContain(entry?.[1]);
      expect(settings.afterPaint).toEqual(hasWidget ? ['/widget/tradein-widget.js'] : []);
    },
  );
});

describe('security headers of pages', () => {
  it.each([
    ['a page', '/'],
    ['the 404 page', '/no-such-page'],
  ])(
    "%s runs only our scripts: from our origin, or inline with the answer's nonce",
    async (_what, path) => {
      const response = await shop.get('fr.localhost', path);
      const policy = String(response.headers['content-security-policy']);
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]{22,})'/.exec(policy)?.[1];
      expect(nonce).toBeDefined();
      expect(policy).toContain("style-src 'self'");
      expect(policy).toContain("frame-ancestors 'self'");
      expect(policy).not.toContain('unsafe-inline');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const inline = [...response.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
      expect(inline.length).toBeGreaterThan(0);
      for (const [, attributes] of inline) expect(attributes).toContain(`nonce="${nonce}"`);
      expect(response.body).not.toMatch(/<style|\sstyle="/);
    },
  );

  it('uses a new nonce for every answer', async () => {
    const first = (await shop.get('de.localhost', '/')).headers['content-security-policy'];
    const second = (await shop.get('de.localhost', '/')).headers['content-security-policy'];
    expect(first).not.toBe(second);
  });

  it('asks for HTTPS only on production hosts', async () => {
    expect((await shop.get('www.tradein.fr', '/')).headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(
      (await shop.get('fr.localhost', '/')).headers['strict-transport-security'],
    ).toBeUndefined();
  });
});

/** The directives of a content security policy, by name. */
const directives = (policy: unknown) =>
  new Map(
    String(policy)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );

describe('security headers of every HTML answer', () => {
  it.each([
    ['a page', 'it.localhost', '/', [200]],
    ['the 404 page', 'it.localhost', '/no-such-page', [404]],
    ['a redirect', 'it.localhost', '/faq', [301, 308]],
    ['a page of a production host', 'www.tradein.it', '/', [200]],
    ['the 404 page of a production host', 'www.tradein.it', '/no-such-page', [404]],
    ['a redirect of a production host', 'www.tradein.it', '/faq', [301, 308]],
  ])(
    '%s (%s%s): policy, framing, nosniff, referrer policy, HSTS',
    async (_what, host, path, statuses) => {
      const response = await shop.get(host, path);
      expect(statuses).toContain(response.statusCode);
      const policy = directives(response.headers['content-security-policy']);
      expect(policy.get('script-src')).toEqual(["'self'", expect.stringMatching(/^'nonce-/)]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
      expect(String(response.headers['content-security-policy'])).not.toMatch(/unsafe-/);
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Production hosts are served over HTTPS only; a local host here came over plain HTTP.
      expect(response.headers['strict-transport-security']).toBe(
        host.startsWith('www.') ? 'max-age=31536000; includeSubDomains' : undefined,
      );
    },
  );
});

describe('builds', () => {
  it('names the version of the build it serves, never from a cache', async () => {
    const response = await shop.get('de.localhost', `/builds/latest.json?t=${Date.now()}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ version: expect.stringMatching(/^\w{6,}$/) });
  });

  it("serves the pages' hashed scripts and stylesheet for good", async () => {
    const html = (await shop.get('de.localhost', '/')).body;
    const stylesheet = /<link[^>]* rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(stylesheet).toBeDefined();
    const response = await shop.get('de.localhost', stylesheet ?? '', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
  });
});

describe('compressed pages', () => {
  it('compresses a page for a browser that accepts brotli', async () => {
    const response = await shop.get('es.localhost', '/', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
  });
});
