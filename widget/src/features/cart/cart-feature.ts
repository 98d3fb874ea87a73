import { defineFeature } from '../../shared/define-feature.ts';
import { deviceSummaryStyleSheet } from '../../shared/device-summary.tsx';
import css from './cart.css?inline';
import { CartScreen } from './cart-screen.tsx';

/** The cart step, loaded when a seller first reaches it (app/widget-app.tsx). */
export const cartFeature = defineFeature({
  Screen: CartScreen,
  css,
  sharedSheets: [deviceSummaryStyleSheet],
  catalogs: import.meta.glob('./locales/*.po'),
});
