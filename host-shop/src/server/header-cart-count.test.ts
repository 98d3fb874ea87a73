import { describe, expect, it } from 'vitest';
import { useTestShop } from './test-shop.ts';

const shop = useTestShop();

/** The header's cart link as served: its markup, from `<a` to `</a>`. */
function cartLinkOf(body: string): string {
  const header = body.slice(body.indexOf('<header'), body.indexOf('</header>'));
  const link = /<a[^>]*class="cart-link"[^>]*>.*?<\/a>/s.exec(header)?.[0];
  if (link === undefined) throw new Error('the header has no cart link');
  return link;
}

/** What a screen reader reads of a link: its text with the tags taken out. */
function textOf(html: string): string {
  return html
    .replaceAll(/<span class="cart-link__count" aria-hidden="true">.*?<\/span>/gs, '')
    .replaceAll(/<[^>]+>/g, '')
    .replaceAll('<!-- -->', '');
}

describe('the header’s cart count', () => {
  it('is rendered from the cart count cookie, on every kind of page', async () => {
    for (const path of ['/', '/kontakt', '/checkout']) {
      const answer = await shop.get('de.localhost', path, {
        cookie: 'tradein_client_id=abc; tradein_cart_count=2',
      });
      expect(answer.statusCode).toBe(200);
      const link = cartLinkOf(answer.body);
      expect(link).toContain('href="/checkout"');
      expect(link).toMatch(/<span class="cart-link__count" aria-hidden="true">2<\/span>/);
      expect(textOf(link)).toBe('Warenkorb, 2 Geräte');
    }
  });

  it('says one device in the edition’s language', async () => {
    const answer = await shop.get('fr.localhost', '/', { cookie: 'tradein_cart_count=1' });
    expect(textOf(cartLinkOf(answer.body))).toBe('Panier, 1 appareil');
  });

  it.each([
    ['no cookie', undefined],
    ['an empty count', 'tradein_cart_count='],
    ['zero', 'tradein_cart_count=0'],
    ['words', 'tradein_cart_count=zwei'],
    ['markup', 'tradein_cart_count=%3Cscript%3E'],
    ['a count too large', 'tradein_cart_count=1000000'],
  ])('shows no count and no error for %s', async (_name, cookie) => {
    const answer = await shop.get('de.localhost', '/', cookie === undefined ? {} : { cookie });
    expect(answer.statusCode).toBe(200);
    const link = cartLinkOf(answer.body);
    expect(link).not.toContain('cart-link__count');
    expect(textOf(link)).toBe('Warenkorb');
  });
});
