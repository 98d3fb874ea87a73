/**
 * The base URL the element talks to when `api-base` is absent: the origin the widget's modules
 * were loaded from (DESIGN.md), whether through the classic loader or a module script tag.
 */
export function scriptOrigin(moduleUrl: string | undefined, documentUrl: string): string {
  const module = moduleUrl === undefined ? undefined : new URL(moduleUrl, documentUrl);
  // A module read from disk (tests, bundlers' dev servers) has no origin to talk to.
  if (module !== undefined && /^https?:$/.test(module.protocol)) return module.origin;
  return new URL(documentUrl).origin;
}

/** Captured when the module is evaluated, before any element exists. */
export const loadedFromOrigin: string = scriptOrigin(
  import.meta.url,
  typeof document === 'undefined' ? 'http://localhost/' : document.baseURI,
);
