import css from './step.css?inline';
import { sharedStyleSheet } from './style-sheet.ts';

/** Rules the questions and offer screens share (buttons, skeletons, actions). */
export const stepStyleSheet: () => CSSStyleSheet = sharedStyleSheet(css);
