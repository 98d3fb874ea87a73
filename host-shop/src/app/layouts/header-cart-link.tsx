import { Plural, Trans } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cartCountOf } from './cart-count.ts';

/** Events of `<tradein-widget>` after which the cart may hold another count. */
const widgetCartEvents = ['tradein:add-to-cart', 'tradein:navigate', 'tradein:trade-created'];

/**
 * The header's cart link with the number of devices in the cart. The server renders the count
 * from the cart count cookie, so it is there on the first paint; in the browser the link follows
 * the cookie whenever it changes (the widget on the page, another tab), and re-reads it after
 * the widget's cart events and when the tab comes back, where a browser tells no cookie changes.
 */
export function HeaderCartLink({
  href,
  count,
  icon,
}: {
  href: string;
  count: number | undefined;
  /** A decorative icon before the word (hidden from assistive technology by its maker). */
  icon?: ReactNode;
}) {
  const [shown, setShown] = useState(count);
  useEffect(() => {
    const refresh = () => setShown(cartCountOf(document.cookie));
    refresh();
    const cookieStore = (globalThis as { cookieStore?: EventTarget }).cookieStore;
    cookieStore?.addEventListener('change', refresh);
    for (const name of widgetCartEvents) document.addEventListener(name, refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      cookieStore?.removeEventListener('change', refresh);
      for (const name of widgetCartEvents) document.removeEventListener(name, refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, []);
  return (
    <Link to={href} prefetch="intent" className="cart-link">
      {icon}
      <span className="header-link__label">
        <Trans>Cart</Trans>
      </span>
      {shown === undefined ? null : (
        <>
          <span className="cart-link__count" aria-hidden="true">
            {shown}
          </span>
          <span className="visually-hidden">
            <Plural value={shown} one=", # device" other=", # devices" />
          </span>
        </>
      )}
    </Link>
  );
}
