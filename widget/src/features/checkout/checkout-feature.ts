import { defineFeature } from '../../shared/define-feature.ts';
import css from './checkout.css?inline';
import { CheckoutScreen } from './checkout-screen.tsx';

/** The checkout step, loaded when a seller first reaches it (app/widget-app.tsx). */
export const checkoutFeature = defineFeature({
  Screen: CheckoutScreen,
  css,
  catalogs: import.meta.glob('./locales/*.po'),
});
