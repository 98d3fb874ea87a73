import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The back office speaks English and German, chosen per staff member; its catalogs are apart
 * from the shop's, which has every edition's language.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/app/locales/{locale}',
      include: ['<rootDir>/app'],
      exclude: ['**/*.test.*'],
    },
  ],
  orderBy: 'messageId',
  format: formatter({ lineNumbers: false }),
});
