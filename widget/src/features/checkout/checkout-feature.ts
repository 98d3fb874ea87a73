import type { ComponentProps } from 'react';
import type { Feature } from '../../shared/lazy-feature.tsx';
import { sharedStyleSheet } from '../../shared/style-sheet.ts';
import css from './checkout.css?inline';
import { CheckoutScreen } from './checkout-screen.tsx';

const styleSheet = sharedStyleSheet(css);

/** The checkout step, loaded when a seller first reaches it (app/widget-app.tsx). */
export const checkoutFeature: Feature<ComponentProps<typeof CheckoutScreen>> = {
  Screen: CheckoutScreen,
  styleSheets: () => [styleSheet()],
  catalogs: {
    en: () => import('./locales/en.po'),
    de: () => import('./locales/de.po'),
    es: () => import('./locales/es.po'),
    fr: () => import('./locales/fr.po'),
    it: () => import('./locales/it.po'),
  },
};
