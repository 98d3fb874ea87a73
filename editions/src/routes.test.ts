import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editionCodes } from './edition-code.ts';
import type { EditionCode } from './edition-code.ts';
import { getEdition } from './editions.ts';
import { routeNames } from './route-names.ts';
import type { RouteName } from './route-names.ts';
import { buildPath, matchRoute } from './routes.ts';

// The route table of §2, written out literally, independent of the configuration files.
const germanScreens = {
  home: '/',
  productOverview: '/produkte/uebersicht-{overview}',
  productDetail: '/produkte/{pdp}',
  sellCategory: '/verkaufen/{category}',
  contact: '/kontakt',
  checkout: '/checkout',
  thankYou: '/thankYou',
};

const screens: Record<EditionCode, Partial<Record<RouteName, string>>> = {
  de: germanScreens,
  at: germanScreens,
  es: {
    home: '/',
    productOverview: '/productos/todos-los-articulos-{overview}',
    productDetail: '/productos/{pdp}',
    sellCategory: '/vender/{category}',
    contact: '/contacto',
    checkout: '/checkout',
    thankYou: '/thankYou',
  },
  fr: {
    home: '/',
    productOverview: '/produits/apercu-{overview}',
    productDetail: '/produits/{pdp}',
    sellCategory: '/catalogue/{category}',
    contact: '/contact',
    checkout: '/checkout',
    thankYou: '/thankYou',
  },
  it: {
    home: '/',
    productOverview: '/prodotti/panoramica-{overview}',
    productDetail: '/prodotti/{pdp}',
    sellCategory: '/catalogo/{category}',
    contact: '/contatti',
    checkout: '/guardare',
    thankYou: '/grazie',
  },
};

const sharedScreens: Partial<Record<RouteName, string>> = {
  content: '/content/{slug}',
  account: '/account',
  accountRegister: '/account/register',
  accountManagement: '/account/management',
  accountPasswordReset: '/account/password-reset',
  accountPasswordForgot: '/account/password-forgot',
  accountPaymentChange: '/account/payment-change',
  accountAddressChange: '/account/address-change',
  accountConfirmTrade: '/account/confirm-trade',
  tradeStatus: '/trade/status',
  newsletterEnrich: '/newsletter/enrich',
  newsletterEnrichHash: '/newsletter/enrich/{emailHash}',
  newsletterUnsubscribeSuccess: '/newsletter/unsubscribe/success',
  newsletterUnsubscribe: '/newsletter/unsubscribe/{emailHash}',
  clarification: '/clarification/{id}/{trade}',
  clarificationQuickAnswer: '/clarificationQuickAnswer/{id}/{trade}/{offerid}',
  clarificationLegacy: '/browser/clarification/id/{id}/trade/{trade}',
  clarificationQuickAnswerLegacy:
    '/browser/clarificationQuickAnswer/id/{id}/trade/{trade}/offerid/{offerid}',
  basePasswordReset: '/account/password/reset',
  basePasswordForgot: '/account/password/forgot',
  basePaymentChange: '/account/paymentChange',
  baseAddressChange: '/account/addressChange',
};

const germanyOnly: Partial<Record<RouteName, string>> = {
  b2bLandingpage: '/b2b/landingpage',
  b2bAnkaufsportal: '/b2b/ankaufsportal',
};

function expectedRoutes(edition: EditionCode): Partial<Record<RouteName, string>> {
  return {
    ...screens[edition],
    ...sharedScreens,
    ...(edition === 'de' ? germanyOnly : {}),
  };
}

const sampleParams: Readonly<Record<string, string>> = {
  overview: 'apple',
  pdp: 'apple-iphone-12',
  category: 'smartphones',
  slug: 'agb',
  emailHash: '5d41402abc4b2a76b9719d911017c592',
  id: '4711',
  trade: '20240001',
  offerid: '987654',
};

/** The literal path of a §2 pattern with the sample parameters filled in. */
function literalPath(pattern: string): string {
  return pattern.replace(/\{(\w+)\}/g, (_token, name: string) => sampleParams[name] ?? '');
}

function paramsOf(pattern: string): Record<string, string> {
  const names = [...pattern.matchAll(/\{(\w+)\}/g)].map((found) => found[1] ?? '');
  return Object.fromEntries(names.map((name) => [name, sampleParams[name] ?? '']));
}

const table = editionCodes.flatMap((edition) =>
  Object.entries(expectedRoutes(edition)).map(
    ([name, pattern]) => [edition, name as RouteName, pattern] as const,
  ),
);

const absent = editionCodes.flatMap((edition) =>
  routeNames
    .filter((name) => expectedRoutes(edition)[name] === undefined)
    .map((name) => [edition, name] as const),
);

describe('route table of §2', () => {
  it('has one entry per edition and route, B2B routes in de only', () => {
    expect(table).toHaveLength(29 * 5 + 2);
    expect(absent).toEqual(
      ['at', 'es', 'fr', 'it'].flatMap((edition) => [
        [edition, 'b2bLandingpage'],
        [edition, 'b2bAnkaufsportal'],
      ]),
    );
  });

  it.each(editionCodes)('%s declares exactly the §2 patterns', (edition) => {
    expect(getEdition(edition).routes).toEqual(expectedRoutes(edition));
  });

  it.each(table)('%s %s: the literal path %s matches', (edition, name, pattern) => {
    expect(matchRoute(edition, literalPath(pattern))).toEqual({ name, params: paramsOf(pattern) });
  });

  it.each(table)('%s %s: buildPath gives %s and matches back', (edition, name, pattern) => {
    const path = buildPath(edition, name, paramsOf(pattern));
    expect(path).toBe(literalPath(pattern));
    expect(matchRoute(edition, path)).toEqual({ name, params: paramsOf(pattern) });
  });

  it.each(table)('%s %s: round-trips awkward parameters', (edition, name, pattern) => {
    const awkward = Object.fromEntries(
      Object.keys(paramsOf(pattern)).map((key) => [key, `x Ä?#%&+ ${key}`]),
    );
    expect(matchRoute(edition, buildPath(edition, name, awkward))).toEqual({
      name,
      params: awkward,
    });
  });

  it.each(absent)('%s has no %s route: building throws, its path is a 404', (edition, name) => {
    expect(() => buildPath(edition, name)).toThrow(new Error(`Unknown route: ${name}`));
    expect(matchRoute(edition, germanyOnly[name] ?? '')).toBeUndefined();
  });

  it('round-trips any parameter value without a slash (property)', () => {
    const value = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
      .filter((text) => !text.includes('/'))
      // A leading letter keeps generated values clear of the overview prefixes and of "success".
      .map((text) => `x${text}`);
    fc.assert(
      fc.property(fc.constantFrom(...table), value, (entry, text) => {
        const [edition, name, pattern] = entry;
        const params = Object.fromEntries(Object.keys(paramsOf(pattern)).map((k) => [k, text]));
        expect(matchRoute(edition, buildPath(edition, name, params))).toEqual({ name, params });
      }),
    );
  });
});

describe('localized paths belong to their edition', () => {
  it.each([
    ['es', '/kontakt'],
    ['fr', '/verkaufen/smartphones'],
    ['it', '/checkout'],
    ['it', '/thankYou'],
    ['de', '/guardare'],
    ['de', '/grazie'],
    ['at', '/contatti'],
    ['de', '/produits/apple-iphone-12'],
    ['es', '/prodotti/panoramica-apple'],
  ] as const)('%s: %s is not a route', (edition, path) => {
    expect(matchRoute(edition, path)).toBeUndefined();
  });
});

describe('matchRoute', () => {
  it.each([
    ['/kontakt/', { name: 'contact', params: {} }],
    ['/kontakt?utm_source=newsletter', { name: 'contact', params: {} }],
    ['/kontakt#form', { name: 'contact', params: {} }],
    ['/?x=1', { name: 'home', params: {} }],
    [
      '/produkte/apple%20iphone%2012/',
      { name: 'productDetail', params: { pdp: 'apple iphone 12' } },
    ],
    ['/verkaufen/tablets?sort=price', { name: 'sellCategory', params: { category: 'tablets' } }],
    ['/produkte/uebersicht-apple', { name: 'productOverview', params: { overview: 'apple' } }],
    ['/produkte/uebersicht-', { name: 'productDetail', params: { pdp: 'uebersicht-' } }],
    ['/newsletter/unsubscribe/success', { name: 'newsletterUnsubscribeSuccess', params: {} }],
    [
      '/newsletter/unsubscribe/abc',
      { name: 'newsletterUnsubscribe', params: { emailHash: 'abc' } },
    ],
    ['/content/%C3%BCber-uns', { name: 'content', params: { slug: 'über-uns' } }],
  ] as const)('de: %s', (path, expected) => {
    expect(matchRoute('de', path)).toEqual(expected);
  });

  it.each([
    '',
    'kontakt',
    '//',
    '/Kontakt',
    '/kontakt//',
    '/produkte',
    '/produkte/a%2Fb',
    '/produkte/%E0%A4%A',
    '/produkte/a/b',
    '/content',
    '/clarification/1',
    '/clarification/1/2/3',
    '/account/password',
    '/browser/clarification/1/2',
    '/unknown',
  ])('de: %j matches no route', (path) => {
    expect(matchRoute('de', path)).toBeUndefined();
  });

  it('refuses an unknown edition with "missing locale"', () => {
    expect(() => matchRoute('xx' as EditionCode, '/')).toThrow('missing locale');
  });
});

describe('buildPath', () => {
  it.each([
    [{}, 'Missing parameter "pdp"'],
    [{ pdp: '' }, 'Empty parameter "pdp"'],
    [{ pdp: 'a/b' }, 'must not contain "/"'],
  ])('refuses %j', (params, message) => {
    expect(() => buildPath('de', 'productDetail', params)).toThrow(message);
  });

  it('ignores parameters the route does not use', () => {
    expect(buildPath('fr', 'contact', { pdp: 'x' })).toBe('/contact');
  });

  it('refuses an unknown route name', () => {
    expect(() => buildPath('de', 'faq' as RouteName)).toThrow(new Error('Unknown route: faq'));
  });
});
