import { Trans, useLingui } from '@lingui/react/macro';
import type { ApiClient } from '@tradein/client-core';
import type { EditionCode } from '@tradein/editions/client';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { AddressFields } from '../address-fields.tsx';
import {
  addressErrors,
  hasErrors,
  readAddress,
  type AddressField,
  type AddressValues,
  type FieldErrors,
} from '../form-rules.ts';
import { formFieldErrors, sendAccountWrite, type WriteFailure } from './account-write.ts';
import { addressErrorCodes } from './address-changes.ts';
import { WriteFailureMessage } from './change-notices.tsx';

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
  save: (values: AddressValues, api: ApiClient) => Promise<unknown>;
  /** After the address is stored, with what was sent. */
  onSaved: (values: AddressValues) => void;
  /** The record the form changes no longer exists: the page reloads its data. */
  onGone?: () => void;
  onCancel: () => void;
}

/**
 * A postal address form of the account area: checked with the API's rules before anything is
 * sent, the fields the API still refuses marked where they are, guarded against a second
 * submission while one runs. It takes the focus when it opens and gives it to the first field
 * to fix when it is refused.
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
  const formRef = useRef<HTMLFormElement>(null);
  const sendingRef = useRef(false);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<AddressField>>({});
  const [failure, setFailure] = useState<WriteFailure | null>(null);
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, []);
  useEffect(() => {
    if (refusals === 0) return;
    const form = formRef.current;
    const firstError = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (firstError ?? form?.querySelector<HTMLElement>('[role="alert"]'))?.focus();
  }, [refusals]);

  function refuse(found: FieldErrors<AddressField>, reason: WriteFailure | null) {
    setErrors(found);
    setFailure(reason);
    setRefusals((count) => count + 1);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingRef.current) return;
    const values = readAddress(new FormData(event.currentTarget));
    const found = addressErrors(values, edition);
    if (hasErrors(found)) {
      refuse(found, null);
      return;
    }
    setErrors({});
    setFailure(null);
    sendingRef.current = true;
    setSending(true);
    const result = await sendAccountWrite((api) => save(values, api));
    sendingRef.current = false;
    setSending(false);
    if (result.ok) {
      onSaved(values);
      return;
    }
    if (result.failure === 'sessionEnded') return;
    if (result.failure === 'notFound') onGone?.();
    refuse(formFieldErrors(result.fields, addressErrorCodes), result.failure);
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => void submit(event)}>
      {failure === null ? null : (
        <p className="notice notice--error" role="alert" tabIndex={-1}>
          <WriteFailureMessage failure={failure} withFields={hasErrors(errors)} />
        </p>
      )}
      <fieldset>
        <legend>{legend}</legend>
        <p className="field-hint">
          <Trans>
            Country: {country}. This shop sends shipping labels within {country} only; for an
            address in another country, please use our shop of that country.
          </Trans>
        </p>
        <AddressFields formId={formId} errors={errors} values={initial} />
      </fieldset>
      <div className="actions">
        <button type="submit" className="button" aria-disabled={sending}>
          {sending ? <Trans>Saving…</Trans> : submitLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
