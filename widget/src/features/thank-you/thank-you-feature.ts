import { defineFeature } from '../../shared/define-feature.ts';
import css from './thank-you.css?inline';
import { ThankYouScreen } from './thank-you-screen.tsx';

/** The thank-you step, loaded when a seller first reaches it (app/widget-app.tsx). */
export const thankYouFeature = defineFeature({
  Screen: ThankYouScreen,
  css,
  catalogs: import.meta.glob('./locales/*.po'),
});
