import type { ComponentProps } from 'react';
import type { Feature } from '../../shared/lazy-feature.tsx';
import { sharedStyleSheet } from '../../shared/style-sheet.ts';
import css from './cart.css?inline';
import { CartScreen } from './cart-screen.tsx';

const styleSheet = sharedStyleSheet(css);

/** The cart step, loaded when a seller first reaches it (app/widget-app.tsx). */
export const cartFeature: Feature<ComponentProps<typeof CartScreen>> = {
  Screen: CartScreen,
  styleSheets: () => [styleSheet()],
  catalogs: {
    en: () => import('./locales/en.po'),
    de: () => import('./locales/de.po'),
    es: () => import('./locales/es.po'),
    fr: () => import('./locales/fr.po'),
    it: () => import('./locales/it.po'),
  },
};
