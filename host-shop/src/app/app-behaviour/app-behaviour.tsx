import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { fetchLatestBuild } from './build-check.ts';

/** How often an open page asks whether a newer build is out. */
const buildCheckIntervalMs = 5 * 60_000;

/** The version of the build this page runs, as React Router's manifest names it. */
function pageBuildVersion(): string | undefined {
  const manifest: unknown = Reflect.get(window, '__reactRouterManifest');
  if (typeof manifest !== 'object' || manifest === null) return undefined;
  const version: unknown = Reflect.get(manifest, 'version');
  return typeof version === 'string' ? version : undefined;
}

/**
 * What the shop does around its pages in the browser (§2, §8, §9):
 * - asks for the latest build after load and every few minutes; when it changed, the next
 *   navigation loads the new page from the server instead of moving in place;
 * - leaving the thank-you page resets the checkout's transactionId to 0 (the client core's
 *   stored checkout, shared with the widget).
 */
export function AppBehaviour() {
  const location = useLocation();
  const matches = useMatches();
  const leafId = matches.at(-1)?.id ?? '';
  const outdated = useRef(false);
  const firstLocation = useRef(location.key);
  const previousLeaf = useRef(leafId);

  useEffect(() => {
    const check = async () => {
      const latest = await fetchLatestBuild(window.fetch.bind(window), Date.now());
      const current = pageBuildVersion();
      if (latest !== undefined && current !== undefined && latest !== current) {
        outdated.current = true;
      }
    };
    void check();
    const timer = setInterval(() => void check(), buildCheckIntervalMs);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (location.key === firstLocation.current) return;
    if (outdated.current) {
      // The page moved in place to a new location with the old build: load it anew.
      window.location.reload();
      return;
    }
    const left = previousLeaf.current;
    previousLeaf.current = leafId;
    if (left.startsWith('thankYou.') && !leafId.startsWith('thankYou.')) {
      void import('@tradein/client-core').then(({ onNavigate }) => onNavigate(leafId));
    }
  }, [location.key, leafId]);

  return null;
}
