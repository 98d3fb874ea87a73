import { defineFeature } from '../../shared/define-feature.ts';
import { stepStyleSheet } from '../../shared/step-styles.ts';
import css from './questions.css?inline';
import { QuestionsScreen } from './questions-screen.tsx';

/** The questions step, loaded when a seller first reaches it (app/widget-app.tsx). */
export const questionsFeature = defineFeature({
  Screen: QuestionsScreen,
  css,
  sharedSheets: [stepStyleSheet],
  catalogs: import.meta.glob('./locales/*.po'),
});
