import { buildPath } from '@tradein/editions';
import { describe, expect, it } from 'vitest';
import { informalGerman } from '../i18n/informal-german.ts';
import { useTestShop } from './test-shop.ts';

const shop = useTestShop();

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  nbsp: ' ',
};

/**
 * What a reader of a page gets: its text and the texts of labels, placeholders, titles and
 * alternative texts (screen readers read those too), without scripts, styles and tags.
 */
function readableText(html: string): string {
  const attributes = [...html.matchAll(/\s(?:aria-label|placeholder|title|alt)="([^"]*)"/g)].map(
    (match) => match[1] ?? '',
  );
  const text = html
    .replaceAll(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ')
    .replaceAll(/<[^>]+>/g, ' ');
  return [text, ...attributes]
    .join(' ')
    .replaceAll(/&(#x?[0-9a-f]+|\w+);/gi, (entity, name: string) => {
      if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
      return entities[name] ?? entity;
    })
    .replaceAll(/\s+/g, ' ');
}

/**
 * The B2B host's pages a business seller reads (spec §4), each in the German edition, with the
 * status they answer (an expired status link is a 404 page with its explanation).
 */
const pages = [
  ['home', buildPath('de', 'home'), 200],
  ['B2B landing page', buildPath('de', 'b2bAnkaufsportal'), 200],
  ['B2B partner page', buildPath('de', 'b2bLandingpage'), 200],
  ['contact', buildPath('de', 'contact'), 200],
  ['content page', buildPath('de', 'content', { slug: 'how-it-works' }), 200],
  ['customer registration', buildPath('de', 'accountRegister'), 200],
  ['checkout', buildPath('de', 'checkout'), 200],
  ['sell category', '/verkaufen/smartphones', 200],
  ['manufacturer overview', '/produkte/uebersicht-apple', 200],
  ['product page', '/produkte/apple-iphone-13-128-gb', 200],
  ['thank-you page', buildPath('de', 'thankYou'), 200],
  [
    'trade status of an expired link',
    `${buildPath('de', 'tradeStatus')}?token=${'a'.repeat(43)}`,
    404,
  ],
  ['login', buildPath('de', 'account'), 200],
  ['password forgotten', buildPath('de', 'accountPasswordForgot'), 200],
] as const;

describe('formal German of the B2B host', () => {
  it.each(pages)('the %s (%s) addresses the company formally', async (_, path, status) => {
    const page = await shop.get('b2b.localhost', path);
    expect(page.statusCode).toBe(status);
    expect(page.body).toContain('<html lang="de"');
    expect(page.body).toContain('data-shop-mode="b2bWidget"');
    expect(informalGerman(readableText(page.body))).toEqual([]);
  });

  it('speaks formally on the B2B host where the consumer host says "du"', async () => {
    const consumer = readableText((await shop.get('de.localhost', buildPath('de', 'home'))).body);
    expect(informalGerman(consumer).length).toBeGreaterThan(0);
    const formalPage = buildPath('de', 'content', { slug: 'how-it-works' });
    const business = (await shop.get('b2b.localhost', formalPage)).body;
    const consumerPage = (await shop.get('de.localhost', formalPage)).body;
    expect(business).toContain('Wählen Sie Ihr Smartphone');
    expect(consumerPage).toContain('Wähle dein Smartphone');
  });
});
