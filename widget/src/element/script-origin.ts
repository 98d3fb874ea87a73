/**
 * The base URL the element talks to when `api-base` is absent: the origin the script was
 * loaded from (DESIGN.md). `document.currentScript` exists only while a classic script first
 * runs, so it is read once at load; a module script has `import.meta.url` instead.
 */
export function scriptOrigin(
  currentScript: Element | null,
  moduleUrl: string | undefined,
  documentUrl: string,
): string {
  const source =
    currentScript instanceof HTMLScriptElement && currentScript.src !== ''
      ? currentScript.src
      : moduleUrl;
  return new URL(source ?? documentUrl, documentUrl).origin;
}

/** Captured when the bundle is evaluated, before any element exists. */
export const loadedFromOrigin: string = scriptOrigin(
  typeof document === 'undefined' ? null : document.currentScript,
  TRADEIN_MODULE_BUILD ? import.meta.url : undefined,
  typeof document === 'undefined' ? 'http://localhost/' : document.baseURI,
);
