import { sharedStyleSheet } from '../shared/style-sheet.ts';
import tokens from './tokens.css?inline';
import css from './widget.css?inline';

/**
 * The element's own sheet: the design tokens it shares with the shop, then the root, the first
 * screen (search) and what every step shows. Each later screen brings its sheet with its code
 * (shared/lazy-feature.tsx).
 */
export const widgetStyleSheet: () => CSSStyleSheet = sharedStyleSheet(tokens + css);
