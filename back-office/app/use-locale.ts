import { useLingui } from '@lingui/react';
import type { BackOfficeLocale } from './i18n.ts';

/** The page's language, for money and dates. */
export function useLocale(): BackOfficeLocale {
  return useLingui().i18n.locale === 'de' ? 'de' : 'en';
}
