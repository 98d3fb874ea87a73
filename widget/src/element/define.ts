import { createWidgetElementClass } from './widget-element.ts';
import { widgetTagName } from '../shared/widget-events.ts';

// Guarded: a page may carry the script tag twice (or the classic and the module build); the
// second copy must neither throw nor replace the first definition.
if (typeof customElements !== 'undefined' && customElements.get(widgetTagName) === undefined) {
  customElements.define(widgetTagName, createWidgetElementClass());
}
