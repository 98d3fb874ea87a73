import { setupI18n, type I18n } from '@lingui/core';
import { getEdition, isB2BMode, type EditionCode, type ShopMode } from '@tradein/editions';
import { messages as deFormal } from '../locales/de-formal.po';
import { messages as de } from '../locales/de.po';
import { messages as en } from '../locales/en.po';
import { messages as es } from '../locales/es.po';
import { messages as fr } from '../locales/fr.po';
import { messages as it } from '../locales/it.po';

const catalogs = { de, 'de-formal': deFormal, en, es, fr, it } as const;

/**
 * The catalog a text of an edition and shop mode is written from: formal German ("Sie") for
 * the German B2B mode, where the reader is a company; the edition's language otherwise (the
 * consumer catalogs say "du").
 */
function mailCatalog(language: string, shopMode: ShopMode): keyof typeof catalogs | 'en' {
  if (language === 'de' && isB2BMode(shopMode)) return 'de-formal';
  return language in catalogs ? (language as keyof typeof catalogs) : 'en';
}

/**
 * A fresh i18n instance in the edition's language, for one mail, label or answer. The server
 * works for several editions at once, so no global locale is ever switched. A text of the B2B
 * mode (a business trade's mails, the B2B cap) passes its shop mode and gets formal German;
 * `locales` keeps number and date formats on the language (`de`), never `de-formal`.
 */
export function i18nForEdition(edition: EditionCode, shopMode: ShopMode = 'default'): I18n {
  const language = getEdition(edition).language;
  const catalog = mailCatalog(language, shopMode);
  return setupI18n({
    locale: catalog,
    locales: [language],
    messages: { [catalog]: catalogs[catalog] },
  });
}
