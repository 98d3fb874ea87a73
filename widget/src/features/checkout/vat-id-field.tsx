import { Trans, useLingui } from '@lingui/react/macro';
import { checkVatId, normalizeVatId } from '@tradein/contract';
import { TextField } from './checkout-fields.tsx';
import type { FieldErrorCode } from './checkout-form.ts';
import type { CheckoutStore } from './checkout-store.ts';

/** The member state of a VAT prefix in the seller's language (Greece writes EL for GR). */
function countryOf(prefix: string, locale: Intl.LocalesArgument): string {
  const region = prefix === 'EL' ? 'GR' : prefix;
  return new Intl.DisplayNames(locale, { type: 'region' }).of(region) ?? prefix;
}

/** What is wrong with the typed VAT ID, naming the number and its country. */
function VatIdErrorText({ code, value }: { code: FieldErrorCode; value: string }) {
  const { i18n } = useLingui();
  const vatId = normalizeVatId(value);
  const { prefix } = checkVatId(vatId);
  if (prefix === undefined || code === 'vatIdCountry') {
    return (
      <Trans>Start with the country code of an EU member state, for example DE123456789.</Trans>
    );
  }
  // The language of names (`de` for the formal catalog `de-formal`).
  const country = countryOf(prefix, i18n.locales ?? i18n.locale);
  if (code === 'vatIdCheckDigits') {
    return (
      <Trans>
        {vatId}: the check digits do not match. Compare the number with your VAT registration.
      </Trans>
    );
  }
  return (
    <Trans>
      {vatId} is not a valid VAT ID for {country}: check the number of digits and letters.
    </Trans>
  );
}

/**
 * The selling company's VAT ID (business sales only): optional, checked when the seller leaves
 * the field and on submit, by the check digits of its member state.
 */
export function VatIdField({ store }: { store: CheckoutStore }) {
  return (
    <TextField
      store={store}
      field="vatId"
      optional
      autoComplete="off"
      inputMode="text"
      spellCheck={false}
      hint={
        <Trans>
          With the country code, for example DE123456789. It appears on the credit note for your
          sale.
        </Trans>
      }
      onBlur={() => store.checkVatId()}
      errorText={VatIdErrorText}
    >
      <Trans>VAT ID</Trans>
    </TextField>
  );
}
