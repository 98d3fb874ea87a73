import { editionCodes, getEdition, matchRoute } from '@tradein/editions';
import { describe, expect, it } from 'vitest';
import { routerPath, screenPaths } from './route-config.ts';

describe('routerPath', () => {
  it.each([
    ['/', '/'],
    ['/kontakt', '/kontakt'],
    ['/produkte/{pdp}', '/produkte/:pdp'],
    ['/content/{slug}', '/content/:slug'],
    // A literal prefix inside a segment becomes a whole-segment parameter.
    ['/produkte/uebersicht-{overview}', '/produkte/:overview'],
    ['/clarification/{id}/{trade}', '/clarification/:id/:trade'],
  ])('turns %s into %s', (pattern, path) => {
    expect(routerPath(pattern)).toBe(path);
  });
});

describe('screenPaths', () => {
  const paths = screenPaths();

  it('registers every localized path once, with the editions that share it', () => {
    const keys = paths.map((path) => `${path.screen} ${path.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const contact = paths.filter((path) => path.screen === 'contact');
    expect(contact.map((path) => path.path).toSorted()).toEqual([
      '/contact',
      '/contacto',
      '/contatti',
      '/kontakt',
    ]);
    expect(contact.find((path) => path.path === '/kontakt')?.editions).toEqual(['at', 'de']);
  });

  it('covers the screen of every edition route it serves, in that edition', () => {
    for (const edition of editionCodes) {
      for (const { screen, path, editions } of paths) {
        if (!editions.includes(edition)) continue;
        const pattern = getEdition(edition).routes[screen];
        expect(pattern === undefined ? undefined : routerPath(pattern)).toBe(path);
      }
    }
  });

  it('gives the B2B landing pages to the German edition only', () => {
    const b2b = paths.filter((path) => path.screen.startsWith('b2b'));
    expect(b2b.length).toBeGreaterThan(0);
    for (const path of b2b) expect(path.editions).toEqual(['de']);
    expect(matchRoute('fr', '/b2b/landingpage')).toBeUndefined();
  });
});
