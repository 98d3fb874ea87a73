import { widgetTagName } from '../shared/widget-events.ts';

/**
 * The classic script partners paste (`/widget/tradein-widget.js`). It carries no widget code:
 * it imports the ES module build that sits beside it (`moduleEntry`, the content-hashed name of
 * the build's entry, so that everything but this loader can be cached for good), so both ways of embedding run the same
 * modules, and the later screens and other locales arrive only when a seller needs them.
 * `document.currentScript` exists only while this script first runs, so it is read at once.
 */
export function loadWidgetModule(
  currentScript: Element | null,
  moduleEntry: string,
  importModule: (url: string) => Promise<unknown>,
): void {
  if (customElements.get(widgetTagName) !== undefined) return;
  if (!(currentScript instanceof HTMLScriptElement) || currentScript.src === '') {
    console.error('<tradein-widget>: load /widget/tradein-widget.js with a <script src> tag');
    return;
  }
  const moduleUrl = new URL(moduleEntry, currentScript.src).href;
  importModule(moduleUrl).catch((error: unknown) => {
    console.error(`<tradein-widget>: could not load ${moduleUrl}`, error);
  });
}
