import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { WidgetLanguage } from './widget-language.ts';

/**
 * Each locale is its own dynamic import: the ES module build fetches only the catalog it
 * needs; the classic-script build (one file) carries them inline.
 */
const catalogLoaders: Record<WidgetLanguage, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en.po'),
  de: () => import('../locales/de.po'),
  es: () => import('../locales/es.po'),
  fr: () => import('../locales/fr.po'),
  it: () => import('../locales/it.po'),
};

/**
 * A fresh i18n instance with the catalog of one language loaded and active. Every element gets
 * its own instance: two elements on one page may speak different languages.
 */
export async function createWidgetI18n(language: WidgetLanguage): Promise<I18n> {
  const { messages } = await catalogLoaders[language]();
  return setupI18n({ locale: language, messages: { [language]: messages } });
}
