import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { statusName } from '../../trade-status.ts';
import type { TradeRefusal } from './payout-refusals.ts';

/** Why a trade that is not ready cannot be paid, by its status. */
function NotReady({ status }: { status: string }) {
  const { i18n } = useLingui();
  const name = statusName(i18n, status);
  switch (status) {
    case 'created':
      return <Trans>Not ready to pay: the parcel has not been received.</Trans>;
    case 'received':
      return <Trans>Not ready to pay: the trade is received but not inspected.</Trans>;
    case 'clarification':
      return <Trans>Not ready to pay: the seller has not decided on the revised offer.</Trans>;
    case 'paid':
      return <Trans>Not ready to pay: the trade is paid already.</Trans>;
    case 'returned':
      return <Trans>Not ready to pay: the devices were returned.</Trans>;
    default:
      return <Trans>Not ready to pay: the trade has the status {name}.</Trans>;
  }
}

/** Why a trade was refused, in the member's language. */
export function RefusalText({ refusal }: { refusal: TradeRefusal }) {
  switch (refusal.kind) {
    case 'inOpenBatch':
      return (
        <Trans>
          Already in the open batch{' '}
          <Link to={`/payouts/batches/${refusal.batchNumber}`}>{refusal.batchNumber}</Link>: it is
          not paid twice.
        </Trans>
      );
    case 'notReady':
      return <NotReady status={refusal.status} />;
    case 'wrongMethod':
      return <Trans>Paid by the other method: make a batch of that method for it.</Trans>;
    case 'unknownTrade':
      return <Trans>There is no such trade.</Trans>;
    case 'account':
      return <Trans>The payout account stored with the trade cannot be read.</Trans>;
    case 'payment':
      switch (refusal.field) {
        case 'iban':
          return <Trans>The seller's IBAN is not valid (its check digits are wrong).</Trans>;
        case 'bic':
          return <Trans>The seller's BIC is not valid.</Trans>;
        case 'name':
          return <Trans>The account holder's name cannot be written in SEPA's characters.</Trans>;
        case 'email':
          return <Trans>The seller's PayPal address is not an e-mail address.</Trans>;
        case 'other':
          return <Trans>The payment file refuses this payment.</Trans>;
      }
      break;
    case 'other':
      return <>{refusal.text}</>;
  }
  return null;
}
