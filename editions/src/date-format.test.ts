import { describe, expect, it } from 'vitest';
import { formatDate } from './date-format.ts';

describe('formatDate (§5)', () => {
  it.each([
    ['at', '24.12.25'],
    ['de', '24.12.25'],
    ['es', '24/12/25'],
    ['fr', '24/12/25'],
    ['it', '24/12/25'],
  ] as const)('%s shows 24 December 2025 as %s', (edition, expected) => {
    expect(formatDate(edition, new Date('2025-12-24T12:00:00Z'))).toBe(expected);
  });

  it.each([
    ['at', '05.03.24'],
    ['de', '05.03.24'],
    ['es', '05/03/24'],
    ['fr', '05/03/24'],
    ['it', '05/03/24'],
  ] as const)('%s: 23:30 UTC on 4 March is already 5 March (winter time)', (edition, expected) => {
    expect(formatDate(edition, new Date('2024-03-04T23:30:00Z'))).toBe(expected);
  });

  it.each([
    ['de', '01.08.24'],
    ['it', '01/08/24'],
  ] as const)('%s: 22:15 UTC on 31 July is already 1 August (summer time)', (edition, expected) => {
    expect(formatDate(edition, new Date('2024-07-31T22:15:00Z'))).toBe(expected);
  });

  it.each([
    ['de', '2024-03-04T22:59:59Z', '04.03.24'],
    ['de', '2024-03-04T23:00:00Z', '05.03.24'],
    ['fr', '2024-07-31T21:59:59Z', '31/07/24'],
    ['fr', '2024-07-31T22:00:00Z', '01/08/24'],
  ] as const)('%s: %s is %s', (edition, iso, expected) => {
    expect(formatDate(edition, new Date(iso))).toBe(expected);
  });

  it('crosses the year boundary in the edition time zone', () => {
    expect(formatDate('es', new Date('2023-12-31T23:30:00Z'))).toBe('01/01/24');
  });

  it('pads day, month and two-digit year', () => {
    expect(formatDate('de', new Date('2009-01-02T10:00:00Z'))).toBe('02.01.09');
  });

  it('accepts a timestamp and an ISO string', () => {
    const instant = Date.UTC(2024, 1, 29, 12);
    expect(formatDate('at', instant)).toBe('29.02.24');
    expect(formatDate('fr', '2024-02-29T12:00:00Z')).toBe('29/02/24');
  });

  it.each([Number.NaN, 'not a date', new Date('invalid')])('refuses %j', (date) => {
    expect(() => formatDate('de', date)).toThrow(RangeError);
  });
});
