/** A chunk that failed to load reloads the page once per path within this window (§8). */
export const reloadGuardMs = 10_000;

const storageKey = 'tradein:chunk-reload';

/** The last reload for a failed chunk, as kept in the tab's session storage. */
interface LastReload {
  path: string;
  at: number;
}

function readLastReload(storage: Storage): LastReload | undefined {
  try {
    const value: unknown = JSON.parse(storage.getItem(storageKey) ?? 'null');
    if (typeof value !== 'object' || value === null) return undefined;
    const { path, at } = value as Partial<LastReload>;
    return typeof path === 'string' && typeof at === 'number' ? { path, at } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a chunk failure on `path` at `now` should reload the page: not when this path was
 * reloaded for one within the last 10 seconds (a reload would not help, and would loop).
 */
export function shouldReload(last: LastReload | undefined, path: string, now: number): boolean {
  return last === undefined || last.path !== path || now - last.at >= reloadGuardMs;
}

/**
 * Reloads the page once when a script chunk fails to load (a release replaced the files the
 * page was built with): Vite reports failed preloads as `vite:preloadError`, dynamic imports
 * fail with a TypeError.
 */
export function reloadOnceOnChunkFailure(target: Window): void {
  const recover = (event: Event) => {
    const path = target.location.pathname;
    const now = Date.now();
    if (!shouldReload(readLastReload(target.sessionStorage), path, now)) return;
    event.preventDefault();
    target.sessionStorage.setItem(storageKey, JSON.stringify({ path, at: now }));
    target.location.reload();
  };
  target.addEventListener('vite:preloadError', recover);
  target.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    if (reason instanceof TypeError && /dynamically imported module|import/i.test(reason.message)) {
      recover(event);
    }
  });
}
