import { describe, expect, it } from 'vitest';
import { anonymiseSnapshot } from './customer-deletion.ts';
import { editionForLanguage, editionForLocale } from './edition-for-locale.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';

describe('password hashing', () => {
  it('hashes with argon2id (m=19456, t=2, p=1) and verifies only the right password', async () => {
    const hash = await hashPassword('Correct-horse-1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Correct-horse-1')).toBe(true);
    expect(await verifyPassword(hash, 'correct-horse-1')).toBe(false);
  });

  it('answers false for unknown users and malformed hashes', async () => {
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});

describe('editionForLocale', () => {
  it.each([
    ['de-AT', 'at'],
    ['de-DE', 'de'],
    ['de', 'de'],
    ['de-CH', 'de'],
    ['es-ES', 'es'],
    ['fr-BE', 'fr'],
    ['it', 'it'],
    ['en-GB', undefined],
  ])('%s → %s', (locale, edition) => {
    expect(editionForLocale(locale)).toBe(edition);
  });

  it.each([
    ['de', 'at', 'at'],
    ['it', 'at', 'it'],
    ['fr', 'de', 'fr'],
  ])('mail language %s for a customer of %s → %s', (language, own, edition) => {
    expect(editionForLanguage(language, own)).toBe(edition);
  });
});

describe('anonymiseSnapshot', () => {
  it('blanks personal values, masks the IBAN and keeps place and shape', () => {
    const snapshot = JSON.stringify({
      firstName: 'Ann',
      street: 'Main',
      zip: '10115',
      country: 'de',
      payout: { iban: 'DE89370400440532013000', email: 'a@b.de' },
    });
    expect(JSON.parse(anonymiseSnapshot(snapshot))).toEqual({
      firstName: 'deleted',
      street: 'deleted',
      zip: '10115',
      country: 'de',
      payout: { iban: 'DE…3000', email: 'deleted@deleted.invalid' },
    });
    expect(anonymiseSnapshot('not json')).toBe('{}');
  });
});
