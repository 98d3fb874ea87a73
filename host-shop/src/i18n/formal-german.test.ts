import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentPage } from '../app/content/content-pages.server.ts';
import { contentSlugs } from '../app/content/content-slugs.ts';
import { informalGerman } from './informal-german.ts';

/**
 * The B2B mode speaks to companies, formally ("Sie"): every formal German catalog and content
 * page is scanned for the informal address the consumer catalogs use ("du", "Gib … ein").
 */
const root = join(import.meta.dirname, '../../..');

/** Every `de-formal.po` of the lingui configuration (the shop, the API, the widget and its features). */
function formalCatalogs(): string[] {
  const features = join(root, 'widget/src/features');
  const folders = [
    'host-shop/src/locales',
    'packages/trade-api/src/locales',
    'widget/src/locales',
    ...readdirSync(features).map((feature) => relative(root, join(features, feature, 'locales'))),
  ];
  return folders
    .map((folder) => join(folder, 'de-formal.po'))
    .filter((file) => existsSync(join(root, file)));
}

/** The translations of a catalog (the header's empty msgid left out), continuation lines joined. */
function translations(file: string): string[] {
  const entries: string[] = [];
  let current: string | undefined;
  for (const line of readFileSync(join(root, file), 'utf8').split('\n')) {
    const start = /^msgstr "(.*)"$/.exec(line);
    const more = /^"(.*)"$/.exec(line);
    if (start) {
      if (current !== undefined) entries.push(current);
      current = start[1] ?? '';
    } else if (more && current !== undefined) {
      current += more[1] ?? '';
    } else if (current !== undefined) {
      entries.push(current);
      current = undefined;
    }
  }
  if (current !== undefined) entries.push(current);
  // The header is the only entry whose text holds "Content-Type".
  return entries.filter((entry) => entry !== '' && !entry.includes('Content-Type:'));
}

const catalogs = formalCatalogs();
const formalPages = readdirSync(join(root, 'host-shop/content/de-formal')).map(
  (file) => `host-shop/content/de-formal/${file}`,
);
/** The German legal pages, written formally for every edition (no formal copy of their own). */
const legalPages = ['host-shop/content/de/imprint.md', 'host-shop/content/de/privacy.md'];

describe('informalGerman', () => {
  it('finds the informal pronouns and imperatives, at word boundaries only', () => {
    expect(informalGerman('Gib deine E-Mail-Adresse ein.')).toEqual(['Gib', 'deine']);
    expect(informalGerman('Wähle dein Modell')).toEqual(['Wähle', 'dein']);
    expect(informalGerman('Melde dich an, dann schicken wir dir einen Link.')).toEqual([
      'Melde dich',
      'dich',
      'dir',
    ]);
    expect(informalGerman('Bitte schick dein Paket ab; euer Team hilft euch.')).toEqual([
      'schick',
      'dein',
      'euer',
      'euch',
    ]);
    expect(informalGerman('Du hast Fragen? Hast du sie?')).toEqual(['Du', 'hast', 'Hast', 'du']);
  });

  it('leaves formal German and words that merely contain the letters alone', () => {
    expect(
      informalGerman(
        'Geben Sie Ihre E-Mail-Adresse ein. Wählen Sie Ihr Modell; melden Sie sich an. Die Durchführung, das Produkt, die Direktive, Düsseldorf und die Suche gehen Sie nichts an.',
      ),
    ).toEqual([]);
  });

  it('flags the consumer catalogs, so that a copy of them would fail', () => {
    const consumer = translations('host-shop/src/locales/de.po');
    expect(consumer.filter((entry) => informalGerman(entry).length > 0).length).toBeGreaterThan(
      100,
    );
  });
});

describe('formal German of the B2B mode', () => {
  it('has a formal catalog in every catalog folder', () => {
    expect(catalogs.length).toBeGreaterThanOrEqual(9);
  });

  it.each(catalogs)('%s addresses the reader formally in every entry', (file) => {
    const informal = translations(file)
      .map((entry) => ({ entry, words: informalGerman(entry) }))
      .filter(({ words }) => words.length > 0);
    expect(informal).toEqual([]);
  });

  it.each([...formalPages, ...legalPages])('%s addresses the reader formally', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const informal = text
      .split('\n')
      .map((line) => ({ line, words: informalGerman(line) }))
      .filter(({ words }) => words.length > 0);
    expect(informal).toEqual([]);
  });

  it('has a formal page for every German page that addresses the reader informally', () => {
    const lacking = contentSlugs.filter((slug) => {
      if (slug === 'imprint' || slug === 'privacy') return false;
      const german = readFileSync(join(root, `host-shop/content/de/${slug}.md`), 'utf8');
      const formal = join(root, `host-shop/content/de-formal/${slug}.md`);
      return informalGerman(german).length > 0 && !existsSync(formal);
    });
    expect(lacking).toEqual([]);
  });

  it('reads the formal pages in the B2B mode and the German ones where it has none', () => {
    expect(contentPage('de-formal', 'eco-effect')?.title).toBe('Ihr Beitrag zur Umwelt');
    expect(contentPage('de', 'eco-effect')?.title).toBe('Dein Beitrag zur Umwelt');
    expect(contentPage('de-formal', 'imprint')).toEqual(contentPage('de', 'imprint'));
    expect(contentPage('de-formal', 'no-such-page')).toBeUndefined();
  });
});
