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

  it('points browsing at the category page, or home before a category is chosen', () => {
    expect(stepPath('es', { screen: 'browse', categoryUrl: 'smartphones' })).toBe(
      '/vender/smartphones',
    );
    expect(
      stepPath('it', { screen: 'browse', categoryUrl: 'tablet', manufacturerUrl: 'apple' }),
    ).toBe('/catalogo/tablet');
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
