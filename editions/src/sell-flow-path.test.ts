import { describe, expect, it } from 'vitest';
import { editionCodes } from './edition-code.ts';
import { buildPath } from './routes.ts';
import { sellFlowPath } from './sell-flow-path.ts';

describe('sellFlowPath', () => {
  it.each(editionCodes)('gives the paths of the full route table in %s', (edition) => {
    for (const value of ['iphone-13', 'galaxy s21 ü+']) {
      expect(sellFlowPath(edition, 'home')).toBe(buildPath(edition, 'home'));
      expect(sellFlowPath(edition, 'checkout')).toBe(buildPath(edition, 'checkout'));
      expect(sellFlowPath(edition, 'thankYou')).toBe(buildPath(edition, 'thankYou'));
      expect(sellFlowPath(edition, 'productDetail', value)).toBe(
        buildPath(edition, 'productDetail', { pdp: value }),
      );
      expect(sellFlowPath(edition, 'sellCategory', value)).toBe(
        buildPath(edition, 'sellCategory', { category: value }),
      );
    }
  });

  it('uses the localized paths of §2', () => {
    expect(sellFlowPath('at', 'productDetail', 'iphone-13')).toBe('/produkte/iphone-13');
    expect(sellFlowPath('fr', 'sellCategory', 'smartphones')).toBe('/catalogue/smartphones');
    expect(sellFlowPath('it', 'checkout')).toBe('/guardare');
    expect(sellFlowPath('it', 'thankYou')).toBe('/grazie');
    expect(sellFlowPath('es', 'productDetail', 'a/b')).toBe('/productos/a%2Fb');
  });
});
