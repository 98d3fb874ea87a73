/** Which Web Storage an item lives in: `local` is shared by the origin, `session` by the tab. */
export type StorageArea = 'local' | 'session';

/**
 * The storage of an area, or undefined: both are missing on the server and throw on access in
 * some privacy modes, and losing stored state must not break the page.
 */
function storageOf(area: StorageArea): Storage | undefined {
  try {
    return area === 'local' ? localStorage : sessionStorage;
  } catch {
    return undefined;
  }
}

/** Reads an item; undefined when absent or when the storage is unavailable. */
export function readStorageItem(area: StorageArea, key: string): string | undefined {
  try {
    return storageOf(area)?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Writes an item, or removes it for undefined; failures (full, blocked) are ignored. */
export function writeStorageItem(area: StorageArea, key: string, value: string | undefined): void {
  try {
    const store = storageOf(area);
    if (value === undefined) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Storage full or blocked: the state still lives in memory for this page.
  }
}
