import { describe, expect, it } from 'vitest';
import type { EditionCode } from './edition-code.ts';
import { isValidPostalCode } from './postal-code.ts';

const cases: readonly (readonly [EditionCode, string, boolean])[] = [
  // Austria: four digits.
  ['at', '1010', true],
  ['at', '9020', true],
  ['at', '6020', true],
  ['at', '101', false],
  ['at', '10100', false],
  ['at', 'A101', false],
  ['at', '1010 ', false],
  ['at', '', false],
  // Germany: five digits.
  ['de', '10115', true],
  ['de', '01067', true],
  ['de', '80331', true],
  ['de', '1011', false],
  ['de', '101150', false],
  ['de', '1011a', false],
  ['de', ' 10115', false],
  ['de', '10 115', false],
  ['de', '١٠١١٥', false],
  // Spain: five digits.
  ['es', '28001', true],
  ['es', '08001', true],
  ['es', '2800', false],
  ['es', '280011', false],
  ['es', 'E-28001', false],
  // Italy: five digits.
  ['it', '00118', true],
  ['it', '20121', true],
  ['it', '2012', false],
  ['it', '201211', false],
  ['it', 'I20121', false],
  // France: five digits, the first two between 01 and 98.
  ['fr', '01000', true],
  ['fr', '98000', true],
  ['fr', '75001', true],
  ['fr', '20000', true],
  ['fr', '97400', true],
  ['fr', '09999', true],
  ['fr', '10000', true],
  ['fr', '90000', true],
  ['fr', '00000', false],
  ['fr', '00999', false],
  ['fr', '99000', false],
  ['fr', '99999', false],
  ['fr', '7500', false],
  ['fr', '750011', false],
  ['fr', '7500a', false],
  ['fr', 'F-75001', false],
];

describe('isValidPostalCode (§5)', () => {
  it.each(cases)('%s %j -> %s', (edition, code, valid) => {
    expect(isValidPostalCode(edition, code)).toBe(valid);
  });

  it('checks each edition with its own rule', () => {
    expect(isValidPostalCode('at', '1010')).toBe(true);
    expect(isValidPostalCode('de', '1010')).toBe(false);
    expect(isValidPostalCode('de', '00000')).toBe(true);
    expect(isValidPostalCode('fr', '00000')).toBe(false);
  });
});
