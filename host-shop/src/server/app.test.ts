import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';

const app = buildApp();
afterAll(() => app.close());

const browser =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

function get(host: string, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers: { host, 'user-agent': browser, ...headers } });
}

describe('widget and demo files', () => {
  const widgetBundle = fileURLToPath(
    new URL('../../../widget/dist/tradein-widget.js', import.meta.url),
  );

  const partnerApp = fileURLToPath(new URL('../../../demo/dist/partner-app.js', import.meta.url));

  beforeAll(() => {
    // The real builds, not fixtures: the host must serve what `npm run build` produces.
    for (const [built, workspace] of [
      [widgetBundle, '@tradein/widget'],
      [partnerApp, '@tradein/demo'],
    ] as const) {
      if (existsSync(built)) continue;
      execFileSync('npm', ['run', 'build', '--silent', '-w', workspace], {
        cwd: fileURLToPath(new URL('../../../', import.meta.url)),
        stdio: 'inherit',
      });
    }
  }, 120_000);

  it('serves the widget script as JavaScript with a short cache and CORS', async () => {
    const response = await get('localhost', '/widget/tradein-widget.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/javascript\b/);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe(readFileSync(widgetBundle, 'utf8'));
  });

  it.each(['locale-de-', 'checkout-feature-'])(
    'caches hashed chunks of the module build forever (%s…)',
    async (prefix) => {
      const chunksDirectory = new URL('../../../widget/dist/chunks/', import.meta.url);
      const chunk = readdirSync(chunksDirectory).find((name) => name.startsWith(prefix));
      expect(chunk).toBeDefined();
      const response = await get('localhost', `/widget/chunks/${chunk ?? ''}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    },
  );

  it.each([
    ['webm', 'video/webm'],
    ['vtt', 'text/vtt'],
  ])(
    'serves the conditions video files (.%s) as %s, cached forever, with CORS',
    async (ext, type) => {
      const assetsDirectory = new URL('../../../widget/dist/assets/', import.meta.url);
      const file = readdirSync(assetsDirectory).find((name) => name.endsWith(`.${ext}`));
      expect(file).toBeDefined();
      const response = await get('localhost', `/widget/assets/${file ?? ''}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(new RegExp(`^${type}\\b`));
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['access-control-allow-origin']).toBe('*');
    },
  );

  it('gives the module entry at its fixed name the short cache of the classic script', async () => {
    const response = await get('localhost', '/widget/tradein-widget.mjs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    // The same module as the content-hashed entry the classic loader imports.
    const loader = readFileSync(widgetBundle, 'utf8');
    const hashed = /tradein-widget-[\w-]{8}\.mjs/.exec(loader)?.[0] ?? 'no hashed entry';
    const entry = readFileSync(new URL(`../../../widget/dist/${hashed}`, import.meta.url), 'utf8');
    expect(response.body).toBe(entry);
  });

  it.each([
    ['/demo/partner.html', '<tradein-widget edition="de" mode="b2bWidget"'],
    ['/demo/agan.html', '<tradein-widget edition="de" mode="agan"'],
    ['/demo/hostile.html', "content=\"script-src 'self'; style-src 'self'\""],
    ['/demo/index.html', 'href="partner.html"'],
    ['/demo/', 'href="partner.html"'],
  ])('serves %s as HTML', async (path, content) => {
    const response = await get('b2b.localhost', path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(content);
  });

  it.each([
    ['/demo/hostile.css', /^text\/css\b/],
    ['/demo/dist/partner-app.js', /^application\/javascript\b/],
  ])('serves %s, which the hostile page loads', async (path, type) => {
    const response = await get('localhost', path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(type);
  });

  it('the partner page carries only the script tag and the element', async () => {
    const response = await get('localhost', '/demo/partner.html');
    expect(response.body.match(/<script\b[^>]*>/g)).toEqual([
      '<script src="/widget/tradein-widget.js">',
    ]);
    expect(response.body).toMatch(/<tradein-widget edition="de" mode="b2bWidget" partner="[^"]+">/);
  });

  it('answers a missing widget or demo file with 404, not the shop page', async () => {
    expect((await get('localhost', '/widget/nope.js')).statusCode).toBe(404);
    expect((await get('localhost', '/demo/package.json')).statusCode).toBe(404);
    expect((await get('localhost', '/demo/src/partner-app.tsx')).statusCode).toBe(404);
    expect((await get('localhost', '/demo/vite.config.ts')).statusCode).toBe(404);
  });
});

describe('compressed delivery', () => {
  const widgetDist = new URL('../../../widget/dist/', import.meta.url);
  const loaderSource = () => readFileSync(new URL('tradein-widget.js', widgetDist), 'utf8');
  /** The content-hashed module entry the classic loader imports. */
  const hashedEntry = () => /tradein-widget-[\w-]{8}\.mjs/.exec(loaderSource())?.[0] ?? '';

  it.each([
    ['br, gzip', 'br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip, deflate', 'gzip', (body: Buffer) => gunzipSync(body)],
  ])(
    'sends the widget files the build compressed (accept-encoding: %s → %s)',
    async (accept, encoding, decompress) => {
      const response = await get('localhost', `/widget/${hashedEntry()}`, {
        'accept-encoding': accept,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      const raw = readFileSync(new URL(hashedEntry(), widgetDist));
      expect(response.rawPayload.length).toBeLessThan(raw.length / 2.5);
      expect(decompress(response.rawPayload).equals(raw)).toBe(true);
    },
  );

  it('sends a file as it is to a client that accepts no compression', async () => {
    const response = await get('localhost', '/widget/tradein-widget.js', {
      'accept-encoding': 'identity',
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(loaderSource());
  });

  it('lets the loader import a content-hashed entry that is cached for good', async () => {
    expect(hashedEntry()).not.toBe('');
    const response = await get('localhost', `/widget/${hashedEntry()}`, {
      'accept-encoding': 'br',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses files the build did not compress as they are sent', async () => {
    const demo = await get('localhost', '/demo/partner.html', { 'accept-encoding': 'br, gzip' });
    expect(demo.statusCode).toBe(200);
    expect(demo.headers['content-encoding']).toBe('br');
    expect(demo.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(demo.rawPayload).toString()).toBe(
      readFileSync(new URL('../../../demo/partner.html', import.meta.url), 'utf8'),
    );
  });
});
