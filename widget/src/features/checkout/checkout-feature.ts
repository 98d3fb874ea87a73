import { defineFeature } from '../../shared/define-feature.ts';
import { deviceSummaryStyleSheet } from '../../shared/device-summary.tsx';
import css from './checkout.css?inline';
import { CheckoutScreen } from './checkout-screen.tsx';

/** The checkout step, loaded when a seller first reaches it (app/widget-app.tsx). */
export const checkoutFeature = defineFeature({
  Screen: CheckoutScreen,
  css,
  sharedSheets: [deviceSummaryStyleSheet],
  catalogs: import.meta.glob('./locales/*.po'),
});
