import { describe, expect, it } from 'vitest';
import { countryName, openingHoursLines, phoneLink } from './legal-format.server.ts';

describe('phoneLink', () => {
  it('shows a number in international form and links it as tel:', () => {
    expect(phoneLink('+493023125000')).toEqual({
      display: '+49 30 23125000',
      href: 'tel:+493023125000',
    });
    expect(phoneLink('+33112345678')).toEqual({
      display: '+33 1 12 34 56 78',
      href: 'tel:+33112345678',
    });
  });
});

describe('openingHoursLines', () => {
  const hours = [
    { from: 'monday', to: 'friday', opens: '09:00', closes: '18:00' },
    { from: 'saturday', to: 'saturday', opens: '10:00', closes: '14:00' },
  ] as const;

  it.each([
    ['de-DE', 'Montag–Freitag', 'Samstag'],
    ['de-AT', 'Montag–Freitag', 'Samstag'],
    ['es-ES', 'lunes–viernes', 'sábado'],
    ['fr-FR', 'lundi–vendredi', 'samedi'],
    ['it-IT', 'lunedì–venerdì', 'sabato'],
  ])('names the days in %s', (locale, weekdaysRange, saturday) => {
    const lines = openingHoursLines([...hours], locale);
    expect(lines.map((line) => line.days)).toEqual([weekdaysRange, saturday]);
    expect(lines[0]?.times).toMatch(/0?9:00\s?–\s?18:00/);
    expect(lines[1]).toMatchObject({ opens: '10:00', closes: '14:00' });
  });

  it('writes the times in the locale’s form', () => {
    expect(openingHoursLines([...hours], 'de-DE')[0]?.times).toMatch(/Uhr$/);
    expect(openingHoursLines([...hours], 'fr-FR')[0]?.times).not.toMatch(/Uhr/);
  });
});

describe('countryName', () => {
  it('names a country in the page’s language', () => {
    expect(countryName('AT', 'de')).toBe('Österreich');
    expect(countryName('ES', 'es')).toBe('España');
    expect(countryName('FR', 'it')).toBe('Francia');
  });
});
