import { Trans, useLingui } from '@lingui/react/macro';
import type { AddressInput } from '@tradein/contract';
import type { EditionCode } from '@tradein/editions/client';
import { useId } from 'react';
import { AddressFields } from '../address-fields.tsx';
import { readAddress, type AddressField, type AddressValues } from '../form-rules.ts';
import { addressRefusals, checkAddress } from './address-changes.ts';
import { RecordForm, type RecordFormProps } from './record-form.tsx';

/** The name of the edition's country in the page's language (`Deutschland`, `Austria`). */
export function useCountryName(edition: EditionCode): string {
  const { i18n } = useLingui();
  const region = edition.toUpperCase();
  return (
    new Intl.DisplayNames(i18n.locales ?? i18n.locale, { type: 'region' }).of(region) ?? region
  );
}

/**
 * A postal address form of the account area: checked with the contract's address rule before
 * anything is sent, the fields the API still refuses marked where they are.
 */
export function AddressForm({
  edition,
  initial,
  ...props
}: RecordFormProps<AddressInput, AddressValues>) {
  const formId = useId();
  const country = useCountryName(edition);
  return (
    <RecordForm<AddressInput, AddressField>
      {...props}
      check={(data) => checkAddress(readAddress(data), edition)}
      refusals={addressRefusals}
      renderFields={(errors) => (
        <>
          <p className="field-hint">
            <Trans>
              Country: {country}. This shop sends shipping labels within {country} only; for an
              address in another country, please use our shop of that country.
            </Trans>
          </p>
          <AddressFields formId={formId} edition={edition} errors={errors} values={initial} />
        </>
      )}
    />
  );
}
