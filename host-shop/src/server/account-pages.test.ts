import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { createI18n, type ShopLanguage } from '../i18n/create-i18n.ts';
import { useTestShop } from './test-shop.ts';

const shop = useTestShop();

/** Every account page of §2 (the same paths in all editions), with the title it must carry. */
const accountPages: [path: string, title: MessageDescriptor][] = [
  ['/account', msg`Your account`],
  ['/account/register', msg`Create your customer account`],
  [`/account/register?token=${'a'.repeat(43)}`, msg`Activate your account`],
  ['/account/management', msg`Your data`],
  ['/account/password-forgot', msg`Forgot your password?`],
  ['/account/password/forgot', msg`Forgot your password?`],
  [`/account/password-reset?token=${'a'.repeat(43)}`, msg`Choose a new password`],
  ['/account/payment-change', msg`Change your payout account`],
  ['/account/paymentChange', msg`Change your payout account`],
  ['/account/address-change', msg`Change your address`],
  ['/account/addressChange', msg`Change your address`],
];

const hosts: [host: string, language: Exclude<ShopLanguage, 'en'>][] = [
  ['localhost', 'de'],
  ['at.localhost', 'de'],
  ['es.localhost', 'es'],
  ['fr.localhost', 'fr'],
  ['it.localhost', 'it'],
];

const english = createI18n('en');

const cases = hosts.flatMap(([host, language]) =>
  accountPages.map(([path, title]) => [host, path, language, title] as const),
);

describe('the account pages in every edition', () => {
  it.each(cases)(
    '%s%s renders in its language, titled and kept out of search engines',
    async (host, path, language, title) => {
      const translated = createI18n(language)._(title);
      // A message the catalog lacks would show its English text (or its id).
      expect(translated).not.toBe(english._(title));
      const page = await shop.get(host, path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<html lang="${language}"`);
      expect(page.body).toContain(`<title>${translated}`);
      expect(page.body).toMatch(/<meta name="robots" content="noindex/);
    },
  );
});
