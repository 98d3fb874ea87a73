import { I18nProvider } from '@lingui/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createI18n, type ShopLanguage } from '../i18n/create-i18n.ts';

/** Renders a page element to a complete HTML document in the given language. */
export function renderDocument(language: ShopLanguage, page: ReactElement): string {
  const i18n = createI18n(language);
  const html = renderToString(<I18nProvider i18n={i18n}>{page}</I18nProvider>);
  return `<!doctype html>${html}`;
}
