import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { WidgetCatalog } from './widget-language.ts';

/**
 * Each locale is its own dynamic import: the ES module build fetches only the catalog it
 * needs; the classic-script build (one file) carries them inline.
 */
const catalogLoaders: Record<WidgetCatalog, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en.po'),
  de: () => import('../locales/de.po'),
  'de-formal': () => import('../locales/de-formal.po'),
  es: () => import('../locales/es.po'),
  fr: () => import('../locales/fr.po'),
  it: () => import('../locales/it.po'),
};

/**
 * A fresh i18n instance with one catalog loaded and active. Every element gets its own
 * instance: two elements on one page may speak different languages (or one formally). The
 * locale is the catalog's name; `locales` keeps lingui's formats on the language (`de`).
 */
export async function createWidgetI18n(catalog: WidgetCatalog): Promise<I18n> {
  const { messages } = await catalogLoaders[catalog]();
  const language = catalog === 'de-formal' ? 'de' : catalog;
  return setupI18n({ locale: catalog, locales: [language], messages: { [catalog]: messages } });
}
