import { Trans } from '@lingui/react/macro';
import { b2bTradeCapCents, formatMoney } from '@tradein/editions/client';
import type { CheckoutNotice } from './checkout-store.ts';

/** What went wrong with the whole checkout, and what the seller does next. */
export function NoticeText({
  notice,
  edition,
}: {
  notice: CheckoutNotice;
  edition: Parameters<typeof formatMoney>[0];
}) {
  switch (notice.kind) {
    case 'cap': {
      const cap = formatMoney(edition, b2bTradeCapCents);
      return (
        <p className="alert">
          <Trans>
            Business sales may total at most {cap} within 30 days: the payouts of all business
            trades with the same e-mail address in the last 30 days count together, the new trade
            included; trades sent back do not count.
          </Trans>{' '}
          <Trans>
            This cart does not fit within it now: lower the quantities in your cart, or sell the
            rest later.
          </Trans>
        </p>
      );
    }
    case 'offers':
      return (
        <p className="alert">
          <Trans>
            An offer in your cart is no longer available. Go back to the cart, remove it and price
            the device again.
          </Trans>
        </p>
      );
    case 'session':
      return (
        <p className="alert">
          <Trans>
            Your session has ended. Log in again or continue as a guest, then send again.
          </Trans>
        </p>
      );
    case 'login':
      return (
        <p className="alert">
          <Trans>
            Logging in did not work. Check your e-mail address and password, or continue as a guest.
          </Trans>
        </p>
      );
    case 'network':
      return (
        <p className="alert">
          <Trans>The connection failed. Check your internet connection and send again.</Trans>
        </p>
      );
    case 'busy':
      return (
        <p className="alert">
          <Trans>
            Too many sales without login came from this connection or went to this e-mail address
            today. Log in to your customer account, or try again tomorrow. Nothing was sent.
          </Trans>
        </p>
      );
    case 'failed':
      return (
        <p className="alert">
          <Trans>Your trade could not be sent. Check your entries and try again.</Trans>
        </p>
      );
  }
}
