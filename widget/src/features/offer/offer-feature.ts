import { defineFeature } from '../../shared/define-feature.ts';
import { deviceSummaryStyleSheet } from '../../shared/device-summary.tsx';
import { stepStyleSheet } from '../../shared/step-styles.ts';
import css from './offer.css?inline';
import { OfferScreen } from './offer-screen.tsx';

/** The offer step, loaded when a seller first reaches it (app/widget-app.tsx). */
export const offerFeature = defineFeature({
  Screen: OfferScreen,
  css,
  sharedSheets: [stepStyleSheet, deviceSummaryStyleSheet],
  catalogs: import.meta.glob('./locales/*.po'),
});
