import type { ComponentProps } from 'react';
import type { Feature } from '../../shared/lazy-feature.tsx';
import { sharedStyleSheet } from '../../shared/style-sheet.ts';
import css from './thank-you.css?inline';
import { ThankYouScreen } from './thank-you-screen.tsx';

const styleSheet = sharedStyleSheet(css);

/** The thank-you step, loaded when a seller first reaches it (app/widget-app.tsx). */
export const thankYouFeature: Feature<ComponentProps<typeof ThankYouScreen>> = {
  Screen: ThankYouScreen,
  styleSheets: () => [styleSheet()],
  catalogs: {
    en: () => import('./locales/en.po'),
    de: () => import('./locales/de.po'),
    es: () => import('./locales/es.po'),
    fr: () => import('./locales/fr.po'),
    it: () => import('./locales/it.po'),
  },
};
