import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** The screens under app/screens/, each with its own catalogs. */
const screens = ['trades', 'inspection', 'clarifications', 'payouts', 'catalogue', 'overview'];

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
      exclude: ['**/*.test.*', '<rootDir>/app/screens/**'],
    },
    // Each screen keeps its texts beside it: screens are written and reviewed one at a time.
    ...screens.map((screen) => ({
      path: `<rootDir>/app/screens/${screen}/locales/{locale}`,
      include: [`<rootDir>/app/screens/${screen}`],
      exclude: ['**/*.test.*'],
    })),
  ],
  orderBy: 'messageId',
  format: formatter({ lineNumbers: false }),
});
