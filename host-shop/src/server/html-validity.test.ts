import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestShop } from './test-shop.ts';

/*
 * One page of each kind, as the built shop sends it, checked by the W3C Nu HTML checker
 * (vnu-jar, on the machine's Java; scripts/setup.sh installs one where it is missing). One run
 * over all pages: the checker's start takes most of its time.
 */

// The package exports the path of its jar.
const require = createRequire(import.meta.url);
const vnuJar = String(require('vnu-jar'));
const host = 'de.localhost';

const shop = useTestShop();
let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'html-validity-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A page of the German sitemap whose path matches. */
async function sitemapPath(pattern: RegExp): Promise<string> {
  const sitemap = (await shop.get(host, '/sitemap.xml')).body;
  const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map(
    ([, path]) => path ?? '',
  );
  const path = paths.find((candidate) => pattern.test(candidate));
  if (path === undefined) throw new Error(`the sitemap lists no page like ${pattern}`);
  return path;
}

interface NuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
}

it('sends valid HTML on every kind of page', async () => {
  const pages: Record<string, [path: string, status: number]> = {
    home: ['/', 200],
    'sell-category': [await sitemapPath(/^\/verkaufen\/[^/]+$/), 200],
    overview: [await sitemapPath(/^\/produkte\/uebersicht-[^/]+$/), 200],
    product: [await sitemapPath(/^\/produkte\/(?!uebersicht-)[^/]+$/), 200],
    contact: ['/kontakt', 200],
    content: ['/content/how-it-works', 200],
    checkout: ['/checkout', 200],
    account: ['/account', 200],
    newsletter: ['/newsletter/enrich', 200],
    'clarification-404': ['/clarification/123', 404],
    'plain-404': ['/no-such-page', 404],
  };
  const files: string[] = [];
  for (const [kind, [path, status]] of Object.entries(pages)) {
    const response = await shop.get(host, path);
    expect({ kind, path, status: response.statusCode }).toEqual({ kind, path, status });
    const file = join(folder, `${kind}.html`);
    writeFileSync(file, response.body);
    files.push(file);
  }
  const checked = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--stdout', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (checked.error) throw new Error(`the Nu HTML checker did not run: ${checked.error.message}`);
  const { messages } = JSON.parse(checked.stdout) as { messages: NuMessage[] };
  const errors = messages
    .filter((message) => message.type !== 'info')
    .map(({ url, message, extract }) => `${url.split('/').at(-1)}: ${message} (${extract ?? ''})`);
  expect(errors).toEqual([]);
  // The checker read every page (it names a file it could not read as a non-document error).
  expect(messages.filter((message) => message.type === 'non-document-error')).toEqual([]);
}, 120_000);
