import { setupI18n, type I18n } from '@lingui/core';
import { getEdition, type EditionCode } from '@tradein/editions';
import { messages as de } from '../locales/de.po';
import { messages as en } from '../locales/en.po';
import { messages as es } from '../locales/es.po';
import { messages as fr } from '../locales/fr.po';
import { messages as it } from '../locales/it.po';

const catalogs = { de, en, es, fr, it } as const;

/**
 * A fresh i18n instance in the edition's language, for one mail, label or answer. The server
 * works for several editions at once, so no global locale is ever switched.
 */
export function i18nForEdition(edition: EditionCode): I18n {
  const language = getEdition(edition).language;
  const messages = language in catalogs ? catalogs[language as keyof typeof catalogs] : en;
  return setupI18n({ locale: language, messages: { [language]: messages } });
}
