import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * One lingui configuration for the whole project. Source messages are written in English;
 * every edition language must have a translation (builds fail on a missing one).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'es', 'fr', 'it'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/host-shop/src/locales/{locale}',
      include: ['<rootDir>/host-shop/src'],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/packages/trade-api/src/locales/{locale}',
      include: ['<rootDir>/packages/trade-api/src'],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/widget/src/locales/{locale}',
      include: ['<rootDir>/widget/src'],
      exclude: ['**/*.test.*'],
    },
  ],
  orderBy: 'messageId',
  // Line numbers would churn the catalogs on every edit; file origins are enough.
  format: formatter({ lineNumbers: false }),
});
