import { describe, expect, it } from 'vitest';
import { calendarDay, daysBetween, middayOf, payoutDueDay, shiftDay } from './payout-day.ts';

const berlin = 'Europe/Berlin';

describe('payoutDueDay', () => {
  it('counts 5 business days after the day of acceptance, skipping the weekend', () => {
    // Wednesday → Thu, Fri, Mon, Tue, Wed.
    expect(payoutDueDay('2026-11-25T10:00:00.000Z', berlin)).toBe('2026-12-02');
    // Friday → Mon … Fri of the next week.
    expect(payoutDueDay('2026-11-27T10:00:00.000Z', berlin)).toBe('2026-12-04');
  });

  it('starts counting on Monday for an acceptance on a weekend', () => {
    expect(payoutDueDay('2026-11-28T10:00:00.000Z', berlin)).toBe('2026-12-04');
    expect(payoutDueDay('2026-11-29T22:00:00.000Z', berlin)).toBe('2026-12-04');
  });

  it("takes the day of acceptance in the edition's time zone, not in UTC", () => {
    // Thursday 23:30 UTC is already Friday 00:30 in Berlin.
    expect(payoutDueDay('2026-11-26T23:30:00.000Z', berlin)).toBe('2026-12-04');
    expect(payoutDueDay('2026-11-26T23:30:00.000Z', 'UTC')).toBe('2026-12-03');
    // Summer time: Berlin is 2 hours ahead, so 22:30 UTC is the next day and 21:30 UTC is not.
    expect(payoutDueDay('2026-07-02T22:30:00.000Z', berlin)).toBe('2026-07-10');
    expect(payoutDueDay('2026-07-02T21:30:00.000Z', berlin)).toBe('2026-07-09');
  });

  it('runs into the next year, and counts Monday to Friday only (no holidays)', () => {
    expect(payoutDueDay('2026-12-31T12:00:00.000Z', 'Europe/Madrid')).toBe('2027-01-07');
  });
});

describe('calendar days', () => {
  it('reads the day of an instant in a time zone', () => {
    expect(calendarDay(new Date('2026-03-28T23:30:00.000Z'), berlin)).toBe('2026-03-29');
    expect(calendarDay(new Date('2026-03-28T23:30:00.000Z'), 'UTC')).toBe('2026-03-28');
    expect(() => calendarDay(new Date('nonsense'), berlin)).toThrow(RangeError);
  });

  it('counts calendar days across a change of daylight saving time', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(daysBetween('2026-12-02', '2026-11-28')).toBe(-4);
  });

  it('gives a moment that every edition prints as that day', () => {
    expect(middayOf('2026-12-02').toISOString()).toBe('2026-12-02T12:00:00.000Z');
    expect(() => middayOf('02.12.26')).toThrow(RangeError);
  });
});

describe('shiftDay', () => {
  it('moves a calendar day across months, years and a change of daylight saving time', () => {
    expect(shiftDay('2026-03-28', 2)).toBe('2026-03-30');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(() => shiftDay('28.03.26', 1)).toThrow(RangeError);
  });
});
