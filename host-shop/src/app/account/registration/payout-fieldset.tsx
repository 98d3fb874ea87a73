import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { EmailField, TextField } from '../form-field.tsx';
import type { FieldErrors } from '../form-rules.ts';
import type { PayoutChoice, RegistrationField, RegistrationValues } from './registration-result.ts';

/**
 * How the new customer wants to be paid: later, by bank transfer (holder, IBAN, BIC) or PayPal
 * (its e-mail address). All fields are in the page; the stylesheet shows those of the chosen
 * method, so the choice works without JavaScript.
 */
export function PayoutFieldset({
  formId,
  errors,
  values,
}: {
  formId: string;
  errors: FieldErrors<RegistrationField>;
  values: RegistrationValues;
}) {
  const payout = values.payout ?? 'later';
  const choiceLabels: readonly (readonly [PayoutChoice, ReactNode])[] = [
    ['later', <Trans key="later">I choose later, when I sell</Trans>],
    ['sepa', <Trans key="sepa">Bank transfer (SEPA)</Trans>],
    ['paypal', <Trans key="paypal">PayPal</Trans>],
  ];
  return (
    <fieldset className="payout-choice">
      <legend>
        <Trans>How we pay you</Trans>
      </legend>
      {choiceLabels.map(([value, label]) => (
        <div className="check-field" key={value}>
          <input
            id={`${formId}-payout-${value}`}
            type="radio"
            name="payout"
            value={value}
            defaultChecked={payout === value}
          />
          <label htmlFor={`${formId}-payout-${value}`}>{label}</label>
        </div>
      ))}
      <div className="payout-fields payout-fields--sepa">
        <TextField
          formId={formId}
          name="accountHolder"
          label={<Trans>Account holder</Trans>}
          autoComplete="name"
          error={errors.accountHolder}
          defaultValue={values.accountHolder}
          optional
        />
        <TextField
          formId={formId}
          name="iban"
          label={<Trans>IBAN</Trans>}
          spellCheck={false}
          error={errors.iban}
          defaultValue={values.iban}
          maxLength={42}
          optional
        />
        <TextField
          formId={formId}
          name="bic"
          label={<Trans>BIC</Trans>}
          spellCheck={false}
          error={errors.bic}
          defaultValue={values.bic}
          maxLength={11}
          optional
        />
      </div>
      <div className="payout-fields payout-fields--paypal">
        <EmailField
          formId={formId}
          name="paypalEmail"
          label={<Trans>PayPal e-mail address</Trans>}
          error={errors.paypalEmail}
          defaultValue={values.paypalEmail}
          optional
        />
      </div>
    </fieldset>
  );
}
