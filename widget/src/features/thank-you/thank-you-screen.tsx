import { useStore } from '@nanostores/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useMemo } from 'react';
import type { TradeAfterSale } from '@tradein/contract';
import { formatDate, type EditionCode } from '@tradein/editions/client';
import { useWidgetServices } from '../../shared/widget-services.tsx';
import { createAfterSaleStore } from './after-sale-store.ts';
import { createLabelStore } from './label-store.ts';
import { Button } from '../../shared/button.tsx';

/** The account a seller asked to create with the checkout. */
interface NewAccount {
  readonly email: string;
  readonly created: boolean;
}

/**
 * The thank-you page: the trade number, the shipping label, the day to ship by, packing tips and
 * what to do before packing for each kind of device sold, the payout, the status page and the
 * contact (read from the trade), and what happens with an account created with the checkout.
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
  const afterSaleStore = useMemo(() => createAfterSaleStore(api, tradeNumber), [api, tradeNumber]);
  const afterSale = useStore(afterSaleStore.$afterSale);
  useEffect(() => {
    void store.load();
    void afterSaleStore.load();
    return () => {
      store.dispose();
      afterSaleStore.dispose();
    };
  }, [store, afterSaleStore]);

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
      {afterSale.status === 'ready' && (
        <ShipBy edition={afterSale.edition} afterSale={afterSale.afterSale} />
      )}
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
      {afterSale.status === 'ready' ? (
        <AfterSale afterSale={afterSale.afterSale} />
      ) : (
        <>
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
        </>
      )}
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

/** The day the parcel must be sent by: the label's and the offer's last day. */
function ShipBy({ edition, afterSale }: { edition: EditionCode; afterSale: TradeAfterSale }) {
  const date = formatDate(edition, afterSale.shipBy);
  return (
    <p className="thanks-ship-by">
      <Trans>
        Please send your parcel by <strong>{date}</strong>: until then the shipping label and your
        offer are valid.
      </Trans>
    </p>
  );
}

/** What to do before packing per kind of device, the payout, the status page and the contact. */
function AfterSale({ afterSale }: { afterSale: TradeAfterSale }) {
  const { payout, contact, payoutBusinessDays: days } = afterSale;
  const { email } = contact;
  const last4 = payout.method === 'sepa' ? payout.ibanLast4 : '';
  return (
    <>
      <h3 className="thanks-subheading">
        <Trans>Before you pack</Trans>
      </h3>
      {afterSale.preparation.map((kind) => (
        <section key={kind.kind} className="thanks-kind" aria-label={kind.heading}>
          <h4 className="thanks-kind-heading">{kind.heading}</h4>
          <ul className="thanks-tips">
            {kind.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </section>
      ))}
      <h3 className="thanks-subheading">
        <Trans>Your payout</Trans>
      </h3>
      <p>
        {payout.method === 'paypal' ? (
          <Trans>We pay you by PayPal to the address you gave at checkout.</Trans>
        ) : (
          <Trans>We pay you by SEPA transfer to your account ending in {last4}.</Trans>
        )}{' '}
        <Trans>
          The money arrives within {days} business days after we have accepted your devices: right
          after the inspection when they match your answers.
        </Trans>
      </p>
      <h3 className="thanks-subheading">
        <Trans>Follow your trade</Trans>
      </h3>
      <p>
        <a className="flow-text-link" href={afterSale.statusUrl}>
          <Trans>See where your trade stands (no login needed)</Trans>
        </a>
      </p>
      <p>
        <Trans>
          Questions? Write to{' '}
          <a className="flow-text-link" href={`mailto:${email}`}>
            {email}
          </a>{' '}
          or use our{' '}
          <a className="flow-text-link" href={contact.pageUrl}>
            contact page
          </a>
          .
        </Trans>
      </p>
    </>
  );
}
