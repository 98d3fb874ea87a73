import { useStore } from '@nanostores/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useMemo } from 'react';
import { useWidgetServices } from '../../shared/widget-services.tsx';
import { createLabelStore } from './label-store.ts';
import { Button } from '../../shared/button.tsx';

/** The account a seller asked to create with the checkout. */
interface NewAccount {
  readonly email: string;
  readonly created: boolean;
}

/**
 * The thank-you page: the trade number, the shipping label, packing and data-erasure tips, and
 * what happens with an account created with the checkout.
 */
export function ThankYouScreen({
  tradeNumber,
  newAccount,
}: {
  tradeNumber: string;
  newAccount?: NewAccount | undefined;
}) {
  const { api, flow } = useWidgetServices();
  const store = useMemo(() => createLabelStore(api, tradeNumber), [api, tradeNumber]);
  const label = useStore(store.$label);
  useEffect(() => {
    void store.load();
    return () => store.dispose();
  }, [store]);

  return (
    <section className="root" part="root" aria-labelledby="tradein-thanks-heading">
      <h2 className="heading" part="heading" id="tradein-thanks-heading">
        <Trans>Thank you for your trade-in!</Trans>
      </h2>
      <p>
        <Trans>
          Your trade number is <strong className="thanks-number">{tradeNumber}</strong>. We have
          sent you a confirmation e-mail with the shipping label.
        </Trans>
      </p>
      {newAccount !== undefined && <AccountNote account={newAccount} />}
      <div className="thanks-label" aria-live="polite" aria-busy={label.status === 'loading'}>
        {label.status === 'loading' && (
          <p className="hint">
            <Trans>Preparing your shipping label…</Trans>
          </p>
        )}
        {label.status === 'ready' && (
          <a
            className="button button-primary"
            part="button primary"
            href={label.url}
            download={`label-${tradeNumber}.pdf`}
          >
            <Trans>Download the shipping label (PDF)</Trans>
          </a>
        )}
        {label.status === 'failed' && (
          <p className="alert">
            <Trans>
              The shipping label could not be loaded. It is also attached to your e-mail.
            </Trans>{' '}
            <Button onClick={() => void store.load()}>
              <Trans>Try again</Trans>
            </Button>
          </p>
        )}
      </div>
      <h3 className="thanks-subheading">
        <Trans>How to pack your devices</Trans>
      </h3>
      <ul className="thanks-tips">
        <li>
          <Trans>Pack each device in a sturdy box with padding, so nothing moves.</Trans>
        </li>
        <li>
          <Trans>Send only the devices: no cases, SIM or memory cards.</Trans>
        </li>
        <li>
          <Trans>
            Print the label and stick it on the box; put the trade number inside as well.
          </Trans>
        </li>
      </ul>
      <h3 className="thanks-subheading">
        <Trans>Erase your data</Trans>
      </h3>
      <ul className="thanks-tips">
        <li>
          <Trans>
            Back up your data, then sign out of every account (Apple ID, Google, Samsung).
          </Trans>
        </li>
        <li>
          <Trans>
            Turn off device protection such as “Find My”, then reset the device to its factory
            settings.
          </Trans>
        </li>
      </ul>
      <div className="flow-actions">
        <Button onClick={() => flow.replace({ screen: 'search' })}>
          <Trans>Sell another device</Trans>
        </Button>
      </div>
    </section>
  );
}

/** Where the new account stands: a link to activate it is on its way, or it could not be made. */
function AccountNote({ account }: { account: NewAccount }) {
  const { email } = account;
  return account.created ? (
    <p className="thanks-account">
      <Trans>
        We have sent a link to {email} to activate your account. Once it is active, this trade shows
        in your account.
      </Trans>
    </p>
  ) : (
    <p className="alert" role="alert">
      <Trans>
        Your trade is placed, but your account could not be created. You can register later in the
        shop with {email}; your trade will then show in your account.
      </Trans>
    </p>
  );
}
