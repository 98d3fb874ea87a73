import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A customer's name, or that the customer was deleted. */
function CustomerName({ name }: { name: string | null }) {
  return name === null ? (
    <span className="muted">
      <Trans>deleted customer</Trans>
    </span>
  ) : (
    <>{name}</>
  );
}

/** The head cell of a trade's row: its number linking to the trade, the customer below it, and what the screen adds. */
export function TradeRowHead({
  tradeNumber,
  customerName,
  children,
}: {
  tradeNumber: string;
  customerName: string | null;
  children?: ReactNode;
}) {
  return (
    <th scope="row">
      <Link to={`/trades/${tradeNumber}`} className="payouts__number">
        {tradeNumber}
      </Link>
      <br />
      <CustomerName name={customerName} />
      {children}
    </th>
  );
}
