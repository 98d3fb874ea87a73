import { Plural, Trans } from '@lingui/react/macro';
import { Button } from '../shared/button.tsx';

/** The way to the cart from the other steps: shows the number of devices, hidden when empty. */
export function CartLink({ count, onOpen }: { count: number; onOpen: () => void }) {
  if (count === 0) return null;
  return (
    <div className="root cart-link-bar">
      <Button className="cart-link" part="cart-link" onClick={onOpen}>
        <Trans>Cart</Trans>{' '}
        <span className="cart-link-count">
          <Plural value={count} one="# device" other="# devices" />
        </span>
      </Button>
    </div>
  );
}
