import { Plural, Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { Button } from '../shared/button.tsx';
import { cartNewsOf } from '../shared/cart-news.ts';
import { useWidgetServices } from '../shared/widget-services.tsx';

/**
 * The way to the cart from the other steps: shows the number of devices, hidden when empty.
 * Beside it, a polite status tells once what a step kept in the cart before moving on ("sell
 * another device"); the status stays in the page, so screen readers hear each news.
 */
export function CartLink({ count, onOpen }: { count: number; onOpen: () => void }) {
  const { flow } = useWidgetServices();
  const news = useStore(cartNewsOf(flow).$news);
  const name = news?.name;
  return (
    <div className={count === 0 ? 'visually-hidden' : 'root cart-link-bar'}>
      <output className="cart-link-news" aria-live="polite">
        {news === null ? null : (
          <>
            <Trans>{name} is in your cart.</Trans>{' '}
            <Plural
              value={news.count}
              one="# device in your cart."
              other="# devices in your cart."
            />
          </>
        )}
      </output>
      {count === 0 ? null : (
        <Button className="cart-link" part="cart-link" onClick={onOpen}>
          <Trans>Cart</Trans>{' '}
          <span className="cart-link-count">
            <Plural value={count} one="# device" other="# devices" />
          </span>
        </Button>
      )}
    </div>
  );
}
