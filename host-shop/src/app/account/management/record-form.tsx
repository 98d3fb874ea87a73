import type { ApiClient } from '@tradein/client-core';
import type { EditionCode } from '@tradein/editions/client';
import type { ReactNode } from 'react';
import type { FieldErrors, FormCheck, FormRefusals } from '../form-rules.ts';
import { AccountFormFrame } from './account-form-frame.tsx';
import { sendAccountWrite, writeOutcome } from './account-write.ts';
import { useAccountForm } from './use-account-form.ts';

/** What a section gives the form that adds or changes one of its records. */
export interface RecordFormProps<Body, Initial> {
  edition: EditionCode;
  /** What the form is for, as its fieldset's legend. */
  legend: ReactNode;
  submitLabel: ReactNode;
  /** The record being changed as the form shows it; a new one starts empty. */
  initial?: Initial | undefined;
  /** Sends the checked record (its call decides whether it is added, changed or made main). */
  save: (body: Body, api: ApiClient) => Promise<unknown>;
  /** After the record is stored, with what was sent. */
  onSaved: (body: Body) => void;
  /** The record the form changes no longer exists: the section loads its records again. */
  onGone?: () => void;
  onCancel: () => void;
}

/**
 * The form state of one record of the account area (an address, a phone number, the main
 * address): checked, then sent with the customer's token; saved, it tells the section; refused,
 * it shows the API's refusals by the form's refusal map; gone, the section reloads.
 */
export function useRecordForm<Body, Field extends string>({
  check,
  refusals,
  save,
  onSaved,
  onGone,
}: {
  check(form: FormData): FormCheck<Body, Field>;
  refusals: FormRefusals<Field>;
} & Pick<RecordFormProps<Body, unknown>, 'save' | 'onSaved' | 'onGone'>) {
  return useAccountForm<Body, Field>({
    check,
    send: async (body) => {
      const result = await sendAccountWrite((api) => save(body, api));
      if (result.ok) onSaved(body);
      else if (result.failure === 'notFound') onGone?.();
      return writeOutcome(result, refusals);
    },
  });
}

/**
 * The form of one record of a section: its fields in a fieldset named by `legend`, with the
 * frame, checks, refusals and focus every form of the account area has.
 */
export function RecordForm<Body, Field extends string>({
  check,
  refusals,
  legend,
  submitLabel,
  save,
  onSaved,
  onGone,
  onCancel,
  renderFields,
}: Omit<RecordFormProps<Body, unknown>, 'edition' | 'initial'> & {
  check(form: FormData): FormCheck<Body, Field>;
  refusals: FormRefusals<Field>;
  /** The fields, each showing its error. */
  renderFields(errors: FieldErrors<Field>): ReactNode;
}) {
  const form = useRecordForm<Body, Field>({ check, refusals, save, onSaved, onGone });
  return (
    <AccountFormFrame
      form={form}
      failure={form.notice}
      submitLabel={submitLabel}
      onCancel={onCancel}
    >
      <fieldset>
        <legend>{legend}</legend>
        {renderFields(form.errors)}
      </fieldset>
    </AccountFormFrame>
  );
}

/**
 * Where a section adds a record, below its list: the form while it is open, else the button
 * that opens it (the focus returns to the button, by `buttonId`, when the form is cancelled).
 */
export function NewRecord({
  open,
  buttonId,
  buttonLabel,
  onOpen,
  children,
}: {
  open: boolean;
  buttonId: string;
  buttonLabel: ReactNode;
  onOpen(): void;
  /** The form of the new record. */
  children: ReactNode;
}) {
  if (open) return <div className="account-record">{children}</div>;
  return (
    <div className="actions">
      <button id={buttonId} type="button" className="button" onClick={onOpen}>
        {buttonLabel}
      </button>
    </div>
  );
}
