import type { ShopLanguage } from './create-i18n.ts';
import { i18n, type Messages } from '@lingui/core';

/** The catalog of each language of the shop's pages (`<html lang>`), loaded on demand. */
const catalogs: Record<ShopLanguage, () => Promise<{ messages: Messages }>> = {
  de: () => import('../locales/de.po'),
  en: () => import('../locales/en.po'),
  es: () => import('../locales/es.po'),
  fr: () => import('../locales/fr.po'),
  it: () => import('../locales/it.po'),
};

function isShopLanguage(language: string): language is ShopLanguage {
  return Object.hasOwn(catalogs, language);
}

/**
 * Activates the catalog of the language the server rendered the page in (`<html lang>`), loaded
 * on its own so that a page downloads one language only. A page of an unknown language (never
 * rendered by our server) falls back to German, the shop of `localhost`.
 */
export async function activatePageLanguage(documentLanguage: string): Promise<typeof i18n> {
  const language = isShopLanguage(documentLanguage) ? documentLanguage : 'de';
  const { messages } = await catalogs[language]();
  i18n.loadAndActivate({ locale: language, messages });
  return i18n;
}
