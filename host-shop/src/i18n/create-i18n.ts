import { setupI18n, type I18n } from '@lingui/core';
import { messages as de } from '../locales/de.po';
import { messages as en } from '../locales/en.po';
import { messages as es } from '../locales/es.po';
import { messages as fr } from '../locales/fr.po';
import { messages as it } from '../locales/it.po';

const catalogs = { de, en, es, fr, it } as const;

/** Languages the shop host renders. */
export type ShopLanguage = keyof typeof catalogs;

/**
 * A fresh i18n instance for one request. The server renders several editions at once, so a
 * shared global locale would leak between concurrent requests.
 */
export function createI18n(language: ShopLanguage): I18n {
  return setupI18n({ locale: language, messages: { [language]: catalogs[language] } });
}
