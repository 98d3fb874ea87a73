import { Trans, useLingui } from '@lingui/react/macro';
import type { ApiClient } from '@tradein/client-core';
import type { AddressInput } from '@tradein/contract';
import type { EditionCode } from '@tradein/editions/client';
import { useId, type ReactNode } from 'react';
import { AddressFields } from '../address-fields.tsx';
import { readAddress, type AddressField, type AddressValues } from '../form-rules.ts';
import { AccountFormFrame } from './account-form-frame.tsx';
import { sendAccountWrite, writeOutcome } from './account-write.ts';
import { addressRefusals, checkAddress } from './address-changes.ts';
import { useAccountForm } from './use-account-form.ts';

/** The name of the edition's country in the page's language (`Deutschland`, `Austria`). */
export function useCountryName(edition: EditionCode): string {
  const { i18n } = useLingui();
  const region = edition.toUpperCase();
  return new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(region) ?? region;
}

interface AddressFormProps {
  edition: EditionCode;
  /** What the form is for, as its fieldset's legend. */
  legend: ReactNode;
  submitLabel: ReactNode;
  /** The address being edited; a new address starts empty. */
  initial?: AddressValues | undefined;
  /** Sends the checked address (its call decides whether it is added, edited or made main). */
  save: (address: AddressInput, api: ApiClient) => Promise<unknown>;
  /** After the address is stored, with what was sent. */
  onSaved: (address: AddressInput) => void;
  /** The record the form changes no longer exists: the page reloads its data. */
  onGone?: () => void;
  onCancel: () => void;
}

/**
 * A postal address form of the account area: checked with the contract's address rule before
 * anything is sent, the fields the API still refuses marked where they are.
 */
export function AddressForm({
  edition,
  legend,
  submitLabel,
  initial,
  save,
  onSaved,
  onGone,
  onCancel,
}: AddressFormProps) {
  const formId = useId();
  const country = useCountryName(edition);
  const form = useAccountForm<AddressInput, AddressField>({
    check: (data) => checkAddress(readAddress(data), edition),
    send: async (address) => {
      const result = await sendAccountWrite((api) => save(address, api));
      if (result.ok) onSaved(address);
      else if (result.failure === 'notFound') onGone?.();
      return writeOutcome(result, addressRefusals);
    },
  });

  return (
    <AccountFormFrame
      form={form}
      failure={form.notice}
      submitLabel={submitLabel}
      onCancel={onCancel}
    >
      <fieldset>
        <legend>{legend}</legend>
        <p className="field-hint">
          <Trans>
            Country: {country}. This shop sends shipping labels within {country} only; for an
            address in another country, please use our shop of that country.
          </Trans>
        </p>
        <AddressFields formId={formId} errors={form.errors} values={initial} />
      </fieldset>
    </AccountFormFrame>
  );
}
