import { I18nProvider } from '@lingui/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { activatePageLanguage } from '../i18n/client-i18n.ts';
import { reloadOnceOnChunkFailure } from './app-behaviour/chunk-reload.ts';

reloadOnceOnChunkFailure(window);

const i18n = await activatePageLanguage(
  document.documentElement.lang,
  document.documentElement.dataset['shopMode'],
);

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
