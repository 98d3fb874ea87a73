import type { ShopMode } from '@tradein/editions/client';

/** Languages the shop host renders (`<html lang>`, content folders, number and date formats). */
export type ShopLanguage = 'de' | 'en' | 'es' | 'fr' | 'it';

/**
 * The message catalogs of the shop: one per language, plus formal German (`de-formal`, "Sie")
 * for the B2B mode, where companies are addressed. The consumer catalogs say "du".
 */
export type ShopCatalog = ShopLanguage | 'de-formal';

/**
 * The catalog a page of a language and shop mode speaks: formal German in the German B2B mode
 * (`b2bWidget`, the only B2B mode), otherwise the language's own. The language itself stays
 * `de` for `<html lang>` and for Intl: `de-formal` is a choice of words, not a locale.
 */
export function shopCatalog(language: ShopLanguage, shopMode: ShopMode | undefined): ShopCatalog {
  return language === 'de' && shopMode === 'b2bWidget' ? 'de-formal' : language;
}
