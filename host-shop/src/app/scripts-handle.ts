/**
 * What a route module exports as `handle` when its page is drawn in the browser (the account
 * pages read the session kept there): the server then starts the page's scripts right after the
 * first paint instead of at the visitor's first interaction (deferred-scripts.server.ts).
 */
export interface ScriptsHandle {
  readonly startScriptsAtOnce?: boolean;
}

/** The `handle` of a page drawn in the browser. */
export const drawnInBrowser: ScriptsHandle = { startScriptsAtOnce: true };

/** Whether a route module's `handle` asks for its scripts at once. */
export function startsScriptsAtOnce(handle: unknown): boolean {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    (handle as ScriptsHandle).startScriptsAtOnce === true
  );
}
