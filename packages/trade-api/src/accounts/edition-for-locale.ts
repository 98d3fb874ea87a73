import { editionCodes, getEdition, type EditionCode } from '@tradein/editions';

/**
 * The edition a locale belongs to: the edition whose `icuLocale` it is (`de-AT` → at), otherwise
 * the edition of its language (`de`, `de-CH` → de; `fr-BE` → fr). Undefined for other languages.
 */
export function editionForLocale(locale: string): EditionCode | undefined {
  const exact = editionCodes.find((code) => getEdition(code).icuLocale === locale);
  if (exact !== undefined) return exact;
  const language = locale.split('-')[0];
  return editionCodes.find((code) => code === language);
}

/**
 * The edition for a mail in `language`: the customer's own edition when it speaks that language
 * (an Austrian customer asking in German stays Austrian), otherwise the language's edition.
 */
export function editionForLanguage(language: string, customerEdition: string): EditionCode {
  const own = editionCodes.find((code) => code === customerEdition);
  if (own !== undefined && getEdition(own).language === language) return own;
  return editionForLocale(language) ?? own ?? 'de';
}

/** A stored edition column as an edition code (`de` for anything unknown). */
export function storedEdition(value: string): EditionCode {
  return editionCodes.find((code) => code === value) ?? 'de';
}
