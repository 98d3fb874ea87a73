import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { $cartCount, $cartTotal } from '@tradein/client-core';
import { formatMoney, getClientEdition, isB2BMode } from '@tradein/editions/client';
import { useMemo, useRef, type FormEvent } from 'react';
import { Button } from '../../shared/button.tsx';
import { dispatchWidgetEvent } from '../../shared/widget-events.ts';
import { useWidgetServices } from '../../shared/widget-services.tsx';
import { AddressSection } from './address-section.tsx';
import { CheckField, idOf, TextField } from './checkout-fields.tsx';
import type { CheckoutField } from './checkout-form.ts';
import { NoticeText } from './checkout-notice.tsx';
import { createCheckoutStore } from './checkout-store.ts';
import { CheckoutSummary } from './checkout-summary.tsx';
import { IdentitySection } from './identity-section.tsx';
import { PayoutSection } from './payout-section.tsx';
import { TermsField } from './terms-field.tsx';

/**
 * The checkout (flow step `checkout`): what is sold, who sells, address, payout, terms, and the
 * submission. An empty cart has nothing to submit: it shows the way to a device instead.
 */
export function CheckoutScreen() {
  const { flow } = useWidgetServices();
  const count = useStore($cartCount);
  if (count === 0) {
    return (
      <section className="root" part="root" aria-labelledby="tradein-checkout-heading">
        <h2 className="heading" part="heading" id="tradein-checkout-heading">
          <Trans>Checkout</Trans>
        </h2>
        <p>
          <Trans>Your cart is empty.</Trans>
        </p>
        <div className="flow-actions">
          <Button variant="primary" onClick={() => flow.go({ screen: 'search' })}>
            <Trans>Find a device to sell</Trans>
          </Button>
        </div>
      </section>
    );
  }
  return <CheckoutForm />;
}

function CheckoutForm() {
  const { api, config, flow, host, tracker } = useWidgetServices();
  const store = useMemo(
    () =>
      createCheckoutStore({
        api,
        tracker,
        edition: config.edition,
        mode: config.mode,
        partner: config.partner,
        onCreated(tradeNumber, newAccount) {
          if (host !== undefined)
            dispatchWidgetEvent(host, 'tradein:trade-created', { tradeNumber });
          flow.replace({
            screen: 'thank-you',
            tradeNumber,
            ...(newAccount === undefined ? {} : { newAccount }),
          });
        },
      }),
    [api, config, flow, host, tracker],
  );
  const status = useStore(store.$status);
  const notice = useStore(store.$notice);
  const totalCents = useStore($cartTotal);
  const form = useRef<HTMLFormElement>(null);
  const edition = getClientEdition(config.edition);
  const submitting = status === 'submitting';

  const focusField = (field: CheckoutField | undefined) => {
    if (field === undefined) return;
    form.current?.querySelector<HTMLElement>(`#${idOf(field)}`)?.focus();
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The host page must never be submitted or reloaded.
    event.preventDefault();
    void store.submit().then(focusField);
  };

  return (
    <section className="root" part="root" aria-labelledby="tradein-checkout-heading">
      <h2 className="heading" part="heading" id="tradein-checkout-heading">
        <Trans>Checkout</Trans>
      </h2>
      <form
        ref={form}
        className="checkout-form"
        noValidate
        onSubmit={onSubmit}
        aria-busy={submitting}
      >
        <CheckoutSummary
          edition={config.edition}
          flow={flow}
          business={isB2BMode(config.mode) ? store : undefined}
        />
        <IdentitySection store={store} />
        <AddressSection store={store} />
        <PayoutSection store={store} />

        <TextField store={store} field="voucher" optional>
          <Trans>Voucher code</Trans>
        </TextField>
        <TermsField store={store} apiBase={config.apiBase} />
        {edition.hasNewsletter && (
          <CheckField store={store} field="newsletterOptIn">
            <Trans>Send me the newsletter with offers (optional).</Trans>
          </CheckField>
        )}

        <p className="cart-total">
          <span>
            <Trans>Your payout</Trans>
          </span>{' '}
          <strong>{formatMoney(config.edition, totalCents)}</strong>
        </p>
        <div className="checkout-notice" role="alert">
          {notice !== null && <NoticeText notice={notice} edition={config.edition} />}
        </div>
        <div className="flow-actions">
          <Button type="submit" variant="primary" disabled={submitting} aria-busy={submitting}>
            {submitting ? <Trans>Sending your trade…</Trans> : <Trans>Sell now</Trans>}
          </Button>
          <Button onClick={() => flow.go({ screen: 'cart' })}>
            <Trans>Back to the cart</Trans>
          </Button>
        </div>
      </form>
    </section>
  );
}
