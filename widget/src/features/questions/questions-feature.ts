import type { ComponentProps } from 'react';
import type { Feature } from '../../shared/lazy-feature.tsx';
import { stepStyleSheet } from '../../shared/step-styles.ts';
import { sharedStyleSheet } from '../../shared/style-sheet.ts';
import css from './questions.css?inline';
import { QuestionsScreen } from './questions-screen.tsx';

const styleSheet = sharedStyleSheet(css);

/** The questions step, loaded when a seller first reaches it (app/widget-app.tsx). */
export const questionsFeature: Feature<ComponentProps<typeof QuestionsScreen>> = {
  Screen: QuestionsScreen,
  styleSheets: () => [stepStyleSheet(), styleSheet()],
  catalogs: {
    en: () => import('./locales/en.po'),
    de: () => import('./locales/de.po'),
    es: () => import('./locales/es.po'),
    fr: () => import('./locales/fr.po'),
    it: () => import('./locales/it.po'),
  },
};
