import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { Choice, TextField } from './checkout-fields.tsx';
import type { CheckoutStore } from './checkout-store.ts';

/** How the money is paid: bank transfer to an IBAN, or PayPal. */
export function PayoutSection({ store }: { store: CheckoutStore }) {
  const values = useStore(store.$values);
  return (
    <fieldset className="checkout-group">
      <legend className="checkout-legend">
        <Trans>Payout</Trans>
      </legend>
      <fieldset className="checkout-choice">
        <legend className="checkout-choice-legend">
          <Trans>How do you want to be paid?</Trans>
        </legend>
        <Choice
          name="payout"
          checked={values.payoutMethod === 'sepa'}
          onChange={() => store.update('payoutMethod', 'sepa')}
        >
          <Trans>Bank transfer (SEPA)</Trans>
        </Choice>
        <Choice
          name="payout"
          checked={values.payoutMethod === 'paypal'}
          onChange={() => store.update('payoutMethod', 'paypal')}
        >
          <Trans>PayPal</Trans>
        </Choice>
      </fieldset>
      {values.payoutMethod === 'sepa' ? (
        <>
          <TextField store={store} field="accountHolder" autoComplete="name">
            <Trans>Account holder</Trans>
          </TextField>
          <TextField store={store} field="iban" spellCheck={false}>
            <Trans>IBAN</Trans>
          </TextField>
        </>
      ) : (
        <TextField store={store} field="paypalEmail" type="email" autoComplete="email">
          <Trans>PayPal e-mail address</Trans>
        </TextField>
      )}
    </fieldset>
  );
}
