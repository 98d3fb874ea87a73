import { describe, expect, it } from 'vitest';
import { frLegacyRedirects } from './configs/fr-legacy-redirects.ts';
import { editionCodes } from './edition-code.ts';
import type { EditionCode } from './edition-code.ts';
import { getEdition } from './editions.ts';
import { compilePathPattern } from './path-pattern.ts';
import { resolveRedirect } from './redirects.ts';
import { routeNames } from './route-names.ts';
import { buildPath, matchRoute } from './routes.ts';

const contactPath: Record<EditionCode, string> = {
  at: '/kontakt',
  de: '/kontakt',
  es: '/contacto',
  fr: '/contact',
  it: '/contatti',
};

const checkoutPath: Record<EditionCode, string> = {
  at: '/checkout',
  de: '/checkout',
  es: '/checkout',
  fr: '/checkout',
  it: '/guardare',
};

const languagePrefix: Record<EditionCode, string> = {
  at: '/de',
  de: '/de',
  es: '/es',
  fr: '/fr',
  it: '/it',
};

function internal(location: string) {
  return { location, kind: 'internal', status: 301 } as const;
}

describe('legacy redirects of every edition', () => {
  const cases = editionCodes.flatMap((edition) =>
    [
      ['/faq', contactPath[edition]],
      ['/faq/', contactPath[edition]],
      ['/faq?topic=payout', `${contactPath[edition]}?topic=payout`],
      ['/checkout/viewCart', '/'],
      ['/checkout/viewCart?utm_source=mail&utm_medium=x', '/?utm_source=mail&utm_medium=x'],
      ['/browser', '/'],
      ['/browser/home', '/'],
      ['/browser/index', '/'],
      ['/browser/contact', contactPath[edition]],
      ['/browser/faq', contactPath[edition]],
      ['/browser/checkout', checkoutPath[edition]],
      ['/browser/checkout/viewCart', '/'],
      ['/browser/account', '/account'],
      ['/browser/account/login', '/account'],
      ['/browser/account/register', '/account/register'],
      ['/browser/newsletter/enrich', '/newsletter/enrich'],
      ['/browser/content/agb', '/content/agb'],
      ['/browser/content/%C3%BCber%20uns', '/content/%C3%BCber%20uns'],
      [languagePrefix[edition], '/'],
      [`${languagePrefix[edition]}/`, '/'],
      [`${languagePrefix[edition]}${contactPath[edition]}`, contactPath[edition]],
      [`${languagePrefix[edition]}/account/register?ref=x`, '/account/register?ref=x'],
      [`${languagePrefix[edition]}/a/b%20c`, '/a/b%20c'],
    ].map(([path, location]) => [edition, path, location] as const),
  );

  it.each(cases)('%s: %s -> %s', (edition, path, location) => {
    expect(resolveRedirect(edition, path ?? '')).toEqual(internal(location ?? ''));
  });

  it.each([
    ['de', '/de/verkaufen/smartphones', '/verkaufen/smartphones'],
    ['at', '/de/produkte/uebersicht-apple', '/produkte/uebersicht-apple'],
    ['es', '/es/vender/moviles', '/vender/moviles'],
    ['fr', '/fr/catalogue/smartphones', '/catalogue/smartphones'],
    ['it', '/it/catalogo/smartphone', '/catalogo/smartphone'],
  ] as const)('%s strips the old language prefix: %s -> %s', (edition, path, location) => {
    expect(resolveRedirect(edition, path)).toEqual(internal(location));
    expect(matchRoute(edition, location)).toBeDefined();
  });

  it.each(
    editionCodes.flatMap((edition) =>
      ['//evil.example', '/%2F%2Fevil.example', '/%5Cevil.example', '/a//b', '/a/%E0%A4%A'].map(
        (suffix) => [edition, `${languagePrefix[edition]}${suffix}`] as const,
      ),
    ),
  )('%s never redirects %s to another origin', (edition, path) => {
    expect(resolveRedirect(edition, path)).toBeUndefined();
  });

  it.each(editionCodes)(
    '%s leaves the old clarification forms alone: they are routes',
    (edition) => {
      const clarification = '/browser/clarification/id/4711/trade/20240001';
      const quickAnswer = '/browser/clarificationQuickAnswer/id/4711/trade/20240001/offerid/9';
      expect(resolveRedirect(edition, clarification)).toBeUndefined();
      expect(resolveRedirect(edition, quickAnswer)).toBeUndefined();
      expect(matchRoute(edition, clarification)?.name).toBe('clarificationLegacy');
      expect(matchRoute(edition, quickAnswer)?.name).toBe('clarificationQuickAnswerLegacy');
    },
  );
});

describe('external redirects', () => {
  it.each([
    ['at', '/kaufen', 'https://shop.tradein.at'],
    ['de', '/kaufen', 'https://shop.tradein.de'],
    ['es', '/comprar', 'https://shop.tradein.es'],
    ['fr', '/acheter', 'https://shop.tradein.fr'],
    ['it', '/acquista', 'https://shop.tradein.it'],
  ] as const)('%s sends %s to the buy shop %s', (edition, path, location) => {
    expect(getEdition(edition).buyShopLink).toBe(location);
    expect(resolveRedirect(edition, path)).toEqual({ location, kind: 'external', status: 302 });
    // The buy shop gets no query of ours: it has its own tracking.
    expect(resolveRedirect(edition, `${path}/?utm_source=x`)).toEqual({
      location,
      kind: 'external',
      status: 302,
    });
  });
});

describe('edition-specific redirects', () => {
  const hash = '5d41402abc4b2a76b9719d911017c592';

  it.each([
    [`/browser/newsletter/unsubscribe/hash/${hash}`, `/newsletter/unsubscribe/${hash}`],
    [`/browser/newsletter/unsubscribe/hash/${hash}/`, `/newsletter/unsubscribe/${hash}`],
    ['/browser/newsletter/unsubscribe/hash/ABCDEF0123', '/newsletter/unsubscribe/ABCDEF0123'],
    [`/browser/newsletter/unsubscribe/hash/${hash}?x=1`, `/newsletter/unsubscribe/${hash}?x=1`],
  ])('de sends the old unsubscribe link %s to %s', (path, location) => {
    expect(resolveRedirect('de', path)).toEqual(internal(location));
    expect(matchRoute('de', location)?.name).toBe('newsletterUnsubscribe');
  });

  it.each([
    '/browser/newsletter/unsubscribe/hash/not-a-hash',
    '/browser/newsletter/unsubscribe/hash/5d41402g',
    '/browser/newsletter/unsubscribe/hash/user%40example.de',
    '/browser/newsletter/unsubscribe/hash/',
    '/browser/newsletter/unsubscribe/hash',
    `/browser/newsletter/unsubscribe/${hash}`,
  ])('de does not redirect the non-hex link %s', (path) => {
    expect(resolveRedirect('de', path)).toBeUndefined();
  });

  it.each(['at', 'es', 'fr', 'it'] as const)('%s has no unsubscribe-hash rule', (edition) => {
    expect(
      resolveRedirect(edition, `/browser/newsletter/unsubscribe/hash/${hash}`),
    ).toBeUndefined();
  });

  it('de sends the old B2B page to the B2B landing portal', () => {
    expect(resolveRedirect('de', '/browser/b2b')).toEqual(internal('/b2b/ankaufsportal'));
    expect(resolveRedirect('at', '/browser/b2b')).toBeUndefined();
  });

  it('Italy sends the checkout path of the other editions to /guardare', () => {
    expect(resolveRedirect('it', '/checkout?step=2')).toEqual(internal('/guardare?step=2'));
    expect(resolveRedirect('de', '/checkout')).toBeUndefined();
  });
});

describe('French legacy catalogue and product redirects', () => {
  it('lists at least 30 old pages', () => {
    expect(frLegacyRedirects.length).toBeGreaterThanOrEqual(30);
    expect(new Set(frLegacyRedirects.map((rule) => rule.from)).size).toBe(frLegacyRedirects.length);
  });

  it.each([
    ['/rachat-iphone', '/catalogue/smartphones'],
    ['/rachat-tablette', '/catalogue/tablettes'],
    ['/rachat-macbook', '/catalogue/ordinateurs-portables'],
    ['/catalogue/telephones-portables', '/catalogue/smartphones'],
    ['/rachat-samsung', '/produits/apercu-samsung'],
    ['/vendre-mon-iphone-12', '/produits/apercu-apple-iphone-12'],
    ['/vendre-mon-samsung-galaxy-s23', '/produits/apercu-samsung-galaxy-s23'],
    ['/vendre-ma-ps5', '/produits/apercu-sony-playstation-5'],
    ['/vendre-ma-nintendo-switch', '/produits/nintendo-switch'],
    ['/rachat-console', '/catalogue/consoles-de-jeux'],
  ])('fr: %s -> %s', (path, location) => {
    expect(resolveRedirect('fr', path)).toEqual(internal(location));
  });

  it.each(frLegacyRedirects.map((rule) => [rule.from, rule.to] as const))(
    'fr: %s -> %s, a catalogue or product page',
    (from, to) => {
      expect(resolveRedirect('fr', from)).toEqual(internal(to));
      expect(resolveRedirect('fr', `${from}?utm_source=ads`)).toEqual(
        internal(`${to}?utm_source=ads`),
      );
      expect(to).toMatch(/^\/(catalogue|produits)\/[a-z0-9-]+$/);
      expect(matchRoute('fr', to)?.name).toMatch(/^(sellCategory|productOverview|productDetail)$/);
      // The legacy list belongs to France only.
      expect(resolveRedirect('de', from)).toBeUndefined();
    },
  );
});

describe('every declared rule', () => {
  const samples: Readonly<Record<string, string>> = { hash: 'c0ffee', path: 'a/b', slug: 'agb' };
  const rules = editionCodes.flatMap((edition) =>
    getEdition(edition).redirects.map((rule) => [edition, rule.from, rule] as const),
  );

  it.each(rules)('%s: the rule for %s is reachable and resolves', (edition, _from, rule) => {
    const from = compilePathPattern(rule.from);
    const params = Object.fromEntries(from.paramNames.map((name) => [name, samples[name] ?? 'x']));
    const path = from.build(params);
    const expected = rule.to.startsWith('/')
      ? {
          location: compilePathPattern(rule.to).build(params),
          kind: 'internal',
          status: rule.status,
        }
      : { location: rule.to, kind: 'external', status: rule.status };
    // Equal output proves no earlier rule shadows this one with a different target.
    expect(resolveRedirect(edition, path)).toEqual(expected);
  });

  // A rest target (`/{path*}`) keeps whatever followed the prefix, so only fixed targets count.
  const fixedInternal = rules.filter(
    ([, , rule]) => rule.to.startsWith('/') && !rule.to.includes('*'),
  );

  it.each(fixedInternal)('%s: the rule for %s lands on a route', (edition, _from, rule) => {
    const from = compilePathPattern(rule.from);
    const params = Object.fromEntries(from.paramNames.map((name) => [name, samples[name] ?? 'x']));
    const location = resolveRedirect(edition, from.build(params))?.location ?? '';
    expect(matchRoute(edition, location)).toBeDefined();
  });

  it.each(editionCodes)('%s redirects none of its own routes', (edition) => {
    const params = { overview: 'apple', pdp: 'x', category: 'smartphones', slug: 'agb' };
    const all = { ...params, emailHash: 'abc', id: '1', trade: '2', offerid: '3' };
    for (const name of routeNames) {
      if (getEdition(edition).routes[name] === undefined) continue;
      expect(resolveRedirect(edition, buildPath(edition, name, all))).toBeUndefined();
    }
  });

  it.each(['', 'faq', '/unknown', '/faq/x', '/kaufen/x'])('de: %j has no redirect', (path) => {
    expect(resolveRedirect('de', path)).toBeUndefined();
  });
});
