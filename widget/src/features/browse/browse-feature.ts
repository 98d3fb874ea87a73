import type { ComponentProps } from 'react';
import type { Feature } from '../../shared/lazy-feature.tsx';
import { sharedStyleSheet } from '../../shared/style-sheet.ts';
import css from './browse.css?inline';
import { BrowseScreen } from './browse-screen.tsx';

const styleSheet = sharedStyleSheet(css);

/** The browse step, loaded when a seller first reaches it (app/widget-app.tsx). */
export const browseFeature: Feature<ComponentProps<typeof BrowseScreen>> = {
  Screen: BrowseScreen,
  styleSheets: () => [styleSheet()],
  catalogs: {
    en: () => import('./locales/en.po'),
    de: () => import('./locales/de.po'),
    es: () => import('./locales/es.po'),
    fr: () => import('./locales/fr.po'),
    it: () => import('./locales/it.po'),
  },
};
