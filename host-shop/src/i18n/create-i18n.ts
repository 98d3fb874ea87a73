import { setupI18n, type I18n } from '@lingui/core';
import type { ShopMode } from '@tradein/editions/client';
import { messages as deFormal } from '../locales/de-formal.po';
import { messages as de } from '../locales/de.po';
import { messages as en } from '../locales/en.po';
import { messages as es } from '../locales/es.po';
import { messages as fr } from '../locales/fr.po';
import { messages as it } from '../locales/it.po';
import { shopCatalog, type ShopCatalog, type ShopLanguage } from './shop-catalog.ts';

export type { ShopLanguage } from './shop-catalog.ts';

const catalogs: Record<ShopCatalog, typeof de> = { de, 'de-formal': deFormal, en, es, fr, it };

/**
 * A fresh i18n instance for one request. The server renders several editions at once, so a
 * shared global locale would leak between concurrent requests. The shop mode picks formal
 * German in the B2B mode; `locales` keeps lingui's number and date formats on the language.
 */
export function createI18n(language: ShopLanguage, shopMode: ShopMode = 'default'): I18n {
  const catalog = shopCatalog(language, shopMode);
  return setupI18n({
    locale: catalog,
    locales: [language],
    messages: { [catalog]: catalogs[catalog] },
  });
}
