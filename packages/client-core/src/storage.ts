/**
 * Tab-scoped storage that never throws: sessionStorage is missing on the server and throws in
 * some privacy modes or when full, and losing a tab session must not break the page.
 */
function sessionStore(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** Reads a sessionStorage item; undefined when absent or unavailable. */
export function readSessionItem(key: string): string | undefined {
  try {
    return sessionStore()?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Writes a sessionStorage item, or removes it for undefined; failures are ignored. */
export function writeSessionItem(key: string, value: string | undefined): void {
  try {
    const store = sessionStore();
    if (value === undefined) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Storage full or blocked: the session still lives in memory for this page.
  }
}

/** Whether localStorage holds the key; false when localStorage is unavailable. */
export function hasLocalItem(key: string): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}
