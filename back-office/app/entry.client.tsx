import { i18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { mergedCatalogs } from './i18n.ts';

// The page's language as the server rendered it: only its catalogs are downloaded. A change of
// language (sign-in, the account page) loads a new document.
const locale = document.documentElement.lang === 'de' ? 'de' : 'en';
const loaders = import.meta.glob<{ messages: Messages }>('./**/locales/*.po');
const modules = await Promise.all(
  Object.entries(loaders)
    .filter(([path]) => path.endsWith(`/locales/${locale}.po`))
    .map(async ([path, load]) => [path, await load()] as const),
);
i18n.loadAndActivate({
  locale,
  locales: [locale],
  messages: mergedCatalogs(Object.fromEntries(modules))[locale],
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <HydratedRouter />
      </I18nProvider>
    </StrictMode>,
  );
});
