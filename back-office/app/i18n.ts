import { setupI18n, type I18n, type Messages } from '@lingui/core';

/** The back office's languages, chosen per staff member. */
export const backOfficeLocales = ['en', 'de'] as const;
export type BackOfficeLocale = (typeof backOfficeLocales)[number];

/** Whether a text names one of the back office's languages. */
export function isBackOfficeLocale(value: unknown): value is BackOfficeLocale {
  return value === 'en' || value === 'de';
}

/**
 * The language before anyone signed in: German when the browser prefers German to English,
 * else English.
 */
export function localeOfBrowser(acceptLanguage: string | null): BackOfficeLocale {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('de')) return 'de';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

/** A fresh i18n instance of one request (the server renders several languages at once). */
export function createBackOfficeI18n(
  locale: BackOfficeLocale,
  messages: Record<BackOfficeLocale, Messages>,
): I18n {
  return setupI18n({ locale, locales: [locale], messages: { [locale]: messages[locale] } });
}

/**
 * The messages of every catalog module (`…/locales/<locale>.po`, the app's and each screen's),
 * merged per language.
 */
export function mergedCatalogs(
  modules: Record<string, { messages: Messages }>,
): Record<BackOfficeLocale, Messages> {
  const merged: Record<BackOfficeLocale, Messages> = { en: {}, de: {} };
  for (const [path, module] of Object.entries(modules)) {
    const locale = /\/locales\/([a-z]+)\.po$/.exec(path)?.[1];
    if (isBackOfficeLocale(locale)) Object.assign(merged[locale], module.messages);
  }
  return merged;
}
