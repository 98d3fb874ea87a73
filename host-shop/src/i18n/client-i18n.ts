import { i18n, type Messages } from '@lingui/core';
import { shopCatalog, type ShopCatalog, type ShopLanguage } from './shop-catalog.ts';

/** The catalog of each language of the shop's pages (`<html lang>`), loaded on demand. */
const catalogs: Record<ShopCatalog, () => Promise<{ messages: Messages }>> = {
  de: () => import('../locales/de.po'),
  'de-formal': () => import('../locales/de-formal.po'),
  en: () => import('../locales/en.po'),
  es: () => import('../locales/es.po'),
  fr: () => import('../locales/fr.po'),
  it: () => import('../locales/it.po'),
};

function isShopLanguage(language: string): language is ShopLanguage {
  return language !== 'de-formal' && Object.hasOwn(catalogs, language);
}

/**
 * Activates the catalog the server rendered the page with: the language of `<html lang>`, in
 * formal German when `<html data-shop-mode>` is the B2B mode (as the server chose it, see
 * {@link shopCatalog}). Loaded on its own so that a page downloads one catalog only. A page of
 * an unknown language (never rendered by our server) falls back to German, the shop of
 * `localhost`.
 */
export async function activatePageLanguage(
  documentLanguage: string,
  shopMode?: string,
): Promise<typeof i18n> {
  const language = isShopLanguage(documentLanguage) ? documentLanguage : 'de';
  const catalog = shopCatalog(language, shopMode === 'b2bWidget' ? shopMode : undefined);
  const { messages } = await catalogs[catalog]();
  i18n.loadAndActivate({ locale: catalog, locales: [language], messages });
  return i18n;
}
