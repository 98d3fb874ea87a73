import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False while the server renders and while the page hydrates, true from then on: the session is
 * kept in the browser, so what depends on it is drawn only once the page runs there (the server's
 * HTML and the first browser render stay the same).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
