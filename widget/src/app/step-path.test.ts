import { describe, expect, it } from 'vitest';
import { stepPath } from './step-path.ts';

describe('stepPath', () => {
  it('points the questions and the offer at the device page of the edition', () => {
    expect(stepPath('de', { screen: 'questions', deviceUrl: 'apple-iphone-13' })).toBe(
      '/produkte/apple-iphone-13',
    );
    expect(stepPath('fr', { screen: 'offer', offerId: 'o1', deviceUrl: 'apple-iphone-13' })).toBe(
      '/produits/apple-iphone-13',
    );
  });

  it('gives each browse level the sell page of its aggregation url, home before a category', () => {
    expect(stepPath('es', { screen: 'browse', categoryUrl: 'smartphones' })).toBe(
      '/vender/smartphones',
    );
    expect(
      stepPath('it', { screen: 'browse', categoryUrl: 'tablet', manufacturerUrl: 'apple' }),
    ).toBe('/catalogo/tablet-apple');
    expect(
      stepPath('de', {
        screen: 'browse',
        categoryUrl: 'smartphones',
        manufacturerUrl: 'apple',
        seriesUrl: 'iphone-13',
      }),
    ).toBe('/verkaufen/iphone-13');
    expect(stepPath('fr', { screen: 'browse', categoryUrl: 'tablettes-apple' })).toBe(
      '/catalogue/tablettes-apple',
    );
    expect(stepPath('at', { screen: 'browse' })).toBe('/');
  });

  it("uses the edition's checkout and thank-you paths", () => {
    expect(stepPath('it', { screen: 'cart' })).toBe('/guardare');
    expect(stepPath('it', { screen: 'checkout' })).toBe('/guardare');
    expect(stepPath('it', { screen: 'thank-you', tradeNumber: 'T-1' })).toBe('/grazie');
    expect(stepPath('de', { screen: 'thank-you', tradeNumber: 'T-1' })).toBe('/thankYou');
    expect(stepPath('de', { screen: 'search' })).toBe('/');
  });
});
