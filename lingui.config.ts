import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** Widget steps loaded on demand: each brings its own catalog (widget/src/shared/lazy-feature.tsx). */
const lazyWidgetFeatures = ['browse', 'questions', 'offer', 'cart', 'checkout', 'thank-you'];

/**
 * One lingui configuration for the whole project. Source messages are written in English;
 * every edition language must have a translation (builds fail on a missing one).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'de-formal', 'es', 'fr', 'it'],
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
      exclude: [
        '**/*.test.*',
        ...lazyWidgetFeatures.map((feature) => `<rootDir>/widget/src/features/${feature}/**`),
      ],
    },
    ...lazyWidgetFeatures.map((feature) => ({
      path: `<rootDir>/widget/src/features/${feature}/locales/{locale}`,
      include: [`<rootDir>/widget/src/features/${feature}`],
      exclude: ['**/*.test.*'],
    })),
  ],
  orderBy: 'messageId',
  // Line numbers would churn the catalogs on every edit; file origins are enough.
  format: formatter({ lineNumbers: false }),
});
