import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

// The page's language as the server rendered it: one catalog is downloaded. A change of
// language (sign-in, the account page) loads a new document.
const { messages } = await (document.documentElement.lang === 'de'
  ? import('./locales/de.po')
  : import('./locales/en.po'));
const locale = document.documentElement.lang === 'de' ? 'de' : 'en';
i18n.loadAndActivate({ locale, locales: [locale], messages });

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
