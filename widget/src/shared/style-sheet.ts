/**
 * A constructable stylesheet made on first use and shared by every element of the page.
 * Constructed sheets are neither `<style>` elements nor `style` attributes, so
 * `style-src 'self'` does not block them, and the host page's `<head>` stays untouched.
 */
export function sharedStyleSheet(css: string): () => CSSStyleSheet {
  let sheet: CSSStyleSheet | undefined;
  return () => {
    if (sheet === undefined) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
    }
    return sheet;
  };
}

/** Adds sheets to a shadow root once each, after the ones it already has. */
export function adoptStyleSheets(root: ShadowRoot, sheets: readonly CSSStyleSheet[]): void {
  const missing = sheets.filter((sheet) => !root.adoptedStyleSheets.includes(sheet));
  if (missing.length > 0) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing];
}
