import { useEffect, useState } from 'react';
import { Link, type LinkProps } from 'react-router';

/** Page data of links in view is prefetched from one second after the page loaded (§9). */
const prefetchDelayMs = 1000;

let prefetchAllowed = false;

/** Whether links may prefetch yet: false during the page's first second. */
function usePrefetchAllowed(): boolean {
  const [allowed, setAllowed] = useState(prefetchAllowed);
  useEffect(() => {
    if (allowed) return undefined;
    const timer = setTimeout(() => {
      prefetchAllowed = true;
      setAllowed(true);
    }, prefetchDelayMs);
    return () => clearTimeout(timer);
  }, [allowed]);
  return allowed;
}

/** A link within the shop whose page data (and code) loads once it is in view. */
export function ShopLink(props: Omit<LinkProps, 'prefetch'>) {
  const allowed = usePrefetchAllowed();
  return <Link {...props} prefetch={allowed ? 'viewport' : 'none'} />;
}
