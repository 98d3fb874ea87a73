import { defineFeature } from '../../shared/define-feature.ts';
import css from './browse.css?inline';
import { BrowseScreen } from './browse-screen.tsx';

/** The browse step, loaded when a seller first reaches it (app/widget-app.tsx). */
export const browseFeature = defineFeature({
  Screen: BrowseScreen,
  css,
  catalogs: import.meta.glob('./locales/*.po'),
});
