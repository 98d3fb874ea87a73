import { describe, it, expect } from 'vitest';
import { array, assert, double, integer, property, record } from 'fast-check';
import { cartTotal, lineAmount } from './money.ts';

describe('lineAmount', () => {
  it.each([
    { price: 29, quantity: 3, expected: 87 },
    { price: 0, quantity: 5, expected: 0 },
    { price: 1999, quantity: 0, expected: 0 },
    { price: 33.3333, quantity: 3, expected: 99 },
    { price: 33.34, quantity: 3, expected: 100 },
    { price: 10.5, quantity: 1, expected: 10 },
    { price: 10.5, quantity: 2, expected: 21 },
    { price: 0.999999, quantity: 1, expected: 0 },
    { price: 0.29 * 100, quantity: 3, expected: 87 },
    { price: 0.1 * 3 * 100, quantity: 1, expected: 30 },
    { price: 1999.9999999, quantity: 1, expected: 2000 },
    { price: 1999.9999999, quantity: 7, expected: 14000 },
    { price: 1.15 * 100, quantity: 1, expected: 115 },
    { price: 4.35 * 100, quantity: 100, expected: 43500 },
    { price: 1999, quantity: 1_000_000, expected: 1_999_000_000 },
    { price: 0.000001, quantity: 1_000_000, expected: 1 },
    { price: 99_999.99, quantity: 10_000, expected: 999_999_900 },
  ])('$price cents × $quantity = $expected cents', ({ price, quantity, expected }) => {
    expect(lineAmount(price, quantity)).toBe(expected);
  });

  it('float noise in the price never costs a cent (decimal price in euros × 100)', () => {
    assert(
      property(
        integer({ min: 0, max: 10_000_000 }),
        integer({ min: 0, max: 1000 }),
        (cents, quantity) => {
          const noisy = (cents / 100) * 100;
          expect(lineAmount(noisy, quantity)).toBe(cents * quantity);
        },
      ),
    );
  });

  it.each([
    { price: -1, quantity: 1, message: /non-negative number of cents/ },
    { price: Number.NaN, quantity: 1, message: /finite/ },
    { price: Number.POSITIVE_INFINITY, quantity: 1, message: /finite/ },
    { price: 100, quantity: 1.5, message: /whole number/ },
    { price: 100, quantity: -1, message: /whole number/ },
    { price: 1e20, quantity: 1000, message: /largest exact amount/ },
  ])('refuses price $price × quantity $quantity', ({ price, quantity, message }) => {
    expect(() => lineAmount(price, quantity)).toThrow(message);
  });
});

describe('cartTotal', () => {
  it('is 0 for an empty cart', () => {
    expect(cartTotal([])).toBe(0);
  });

  it('truncates each line before summing', () => {
    // Each line is 99.9999 cents → 99; summing first would give 199.
    expect(
      cartTotal([
        { price: 33.3333, quantity: 3 },
        { price: 33.3333, quantity: 3 },
      ]),
    ).toBe(198);
  });

  it('sums lines exactly', () => {
    expect(
      cartTotal([
        { price: 0.29 * 100, quantity: 3 },
        { price: 19_999, quantity: 2 },
        { price: 0.5, quantity: 1 },
      ]),
    ).toBe(87 + 39_998 + 0);
  });

  it('equals the sum of its line amounts', () => {
    assert(
      property(
        array(
          record({
            price: double({ min: 0, max: 1_000_000, noNaN: true }),
            quantity: integer({ min: 0, max: 100 }),
          }),
          { maxLength: 20 },
        ),
        (lines) => {
          const sum = lines.reduce((acc, line) => acc + lineAmount(line.price, line.quantity), 0);
          expect(cartTotal(lines)).toBe(sum);
        },
      ),
    );
  });
});
