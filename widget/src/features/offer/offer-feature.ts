import type { ComponentProps } from 'react';
import type { Feature } from '../../shared/lazy-feature.tsx';
import { stepStyleSheet } from '../../shared/step-styles.ts';
import { sharedStyleSheet } from '../../shared/style-sheet.ts';
import css from './offer.css?inline';
import { OfferScreen } from './offer-screen.tsx';

const styleSheet = sharedStyleSheet(css);

/** The offer step, loaded when a seller first reaches it (app/widget-app.tsx). */
export const offerFeature: Feature<ComponentProps<typeof OfferScreen>> = {
  Screen: OfferScreen,
  styleSheets: () => [stepStyleSheet(), styleSheet()],
  catalogs: {
    en: () => import('./locales/en.po'),
    de: () => import('./locales/de.po'),
    es: () => import('./locales/es.po'),
    fr: () => import('./locales/fr.po'),
    it: () => import('./locales/it.po'),
  },
};
