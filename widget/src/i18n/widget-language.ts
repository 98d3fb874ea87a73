import { getClientEdition } from '@tradein/editions/client';
import type { EditionCode } from '@tradein/editions/client';

/** Languages the widget has catalogs for: English (source) and every edition language. */
export const widgetLanguages = ['en', 'de', 'es', 'fr', 'it'] as const;

/** One of the widget's languages. */
export type WidgetLanguage = (typeof widgetLanguages)[number];

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
