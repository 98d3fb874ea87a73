import css from './widget.css?inline';

let sharedSheet: CSSStyleSheet | undefined;

/**
 * One constructable stylesheet shared by every element of the page. Constructed sheets are not
 * `<style>` elements or `style` attributes, so `style-src 'self'` does not block them, and the
 * host page's `<head>` stays untouched.
 */
export function widgetStyleSheet(): CSSStyleSheet {
  if (sharedSheet === undefined) {
    sharedSheet = new CSSStyleSheet();
    sharedSheet.replaceSync(css);
  }
  return sharedSheet;
}
