import { getClientEdition } from '@tradein/editions/client';
import type { EditionCode } from '@tradein/editions/client';

/** Languages the widget has catalogs for: English (source) and every edition language. */
export const widgetLanguages = ['en', 'de', 'es', 'fr', 'it'] as const;

/** One of the widget's languages. */
export type WidgetLanguage = (typeof widgetLanguages)[number];

/**
 * The widget's message catalogs: one per language, plus formal German ("Sie") for the B2B mode,
 * where the seller is a company. The consumer catalogs say "du".
 */
export const widgetCatalogs = [...widgetLanguages, 'de-formal'] as const;

/** One of the widget's catalogs: a language, or `de-formal`. */
export type WidgetCatalog = (typeof widgetCatalogs)[number];

function isWidgetLanguage(value: string): value is WidgetLanguage {
  return (widgetLanguages as readonly string[]).includes(value);
}

/**
 * The language the element speaks. A valid edition decides (at → de). Without one, the
 * element follows the language of the page around it (`lang="fr-CH"` → fr), so a partner's
 * visitors read the error in their own language; English when the page's is not ours.
 */
export function chooseWidgetLanguage(
  edition: EditionCode | undefined,
  pageLanguage: string | null | undefined,
): WidgetLanguage {
  if (edition !== undefined) return getClientEdition(edition).language;
  const primary = (pageLanguage ?? '').trim().toLowerCase().split(/[-_]/, 1)[0] ?? '';
  return isWidgetLanguage(primary) ? primary : 'en';
}

/**
 * The catalog the element speaks: formal German for the German language in mode `b2bWidget`
 * (the raw attribute, trimmed as the attribute check does), else the language's own. Numbers,
 * dates and Intl stay in the language: `de-formal` is a choice of words, not a locale.
 */
export function chooseWidgetCatalog(
  language: WidgetLanguage,
  mode: string | null | undefined,
): WidgetCatalog {
  return language === 'de' && mode?.trim() === 'b2bWidget' ? 'de-formal' : language;
}
