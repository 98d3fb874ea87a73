import { LoadFailure } from '../load-failure.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  createPhoneContactEndpoint,
  getPhoneContactsEndpoint,
  updatePhoneContactEndpoint,
  type PhoneContact,
} from '@tradein/contract';
import type { EditionCode } from '@tradein/editions/client';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { LoadingBlock } from '../account-gate.tsx';
import { FieldMessage, TextField } from '../form-field.tsx';
import { hasErrors, type FieldErrors } from '../form-rules.ts';
import { useAccountCall } from '../use-account-call.ts';
import type { SectionProps } from './account-management.tsx';
import {
  formFieldErrors,
  sendAccountWrite,
  type WriteFailure,
  type WriteResult,
} from './account-write.ts';
import { useCountryName } from './address-form.tsx';
import { Confirmation, useConfirmation, WriteFailureMessage } from './change-notices.tsx';
import {
  phoneContactBody,
  phoneErrorCodes,
  phoneErrors,
  phoneTypes,
  readablePhone,
  readPhone,
  type PhoneContactInput,
  type PhoneField,
  type PhoneType,
} from './phone-changes.ts';
import { useFocusAfterRender } from './use-focus-after-render.ts';

/** Which form of the section is open: none, a new number, or the edition of one. */
type OpenForm = null | { kind: 'new' } | { kind: 'edit'; contact: PhoneContact };

/** The name of a kind of line, in the page's language. */
function PhoneTypeName({ type }: { type: PhoneType }) {
  return type === 'mobile' ? <Trans>Mobile</Trans> : <Trans>Landline</Trans>;
}

/**
 * The customer's phone numbers (§7), where the service team calls about a trade: listed in
 * international form, each editable, new ones added. Numbers are typed as people know them and
 * sent in international form.
 */
export function PhoneSection({ account, edition }: SectionProps) {
  const { t } = useLingui();
  const sectionId = useId();
  const contacts = useAccountCall(`phone-contacts:${account.customerId}`, (api, signal) =>
    api.call(getPhoneContactsEndpoint, { signal }),
  );
  const { id: confirmationId, message, confirm, clear } = useConfirmation();
  const focusAfterRender = useFocusAfterRender();
  const [openForm, setOpenForm] = useState<OpenForm>(null);
  const headingId = `${sectionId}-heading`;
  const addButtonId = `${sectionId}-add`;
  const editButtonId = (contactId: number) => `${sectionId}-edit-${contactId}`;

  function open(form: Exclude<OpenForm, null>) {
    clear();
    setOpenForm(form);
  }

  function close(returnTo: string) {
    setOpenForm(null);
    focusAfterRender(returnTo);
  }

  function saved(text: string) {
    setOpenForm(null);
    contacts.reload();
    confirm(text);
  }

  return (
    <section id="phone-numbers" className="account-data" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Phone numbers</Trans>
      </h2>
      <p>
        <Trans>Our service team calls you on these numbers when a trade needs your answer.</Trans>
      </p>
      <Confirmation id={confirmationId} message={message} />
      {contacts.status === 'loading' ? (
        <LoadingBlock>
          <Trans>Loading your phone numbers…</Trans>
        </LoadingBlock>
      ) : contacts.status === 'failed' ? (
        <LoadFailure onRetry={contacts.reload}>
          <Trans>We could not load your phone numbers.</Trans>
        </LoadFailure>
      ) : (
        <>
          {contacts.data.length === 0 ? (
            <p>
              <Trans>You have not saved a phone number yet.</Trans>
            </p>
          ) : (
            <ul className="account-records">
              {contacts.data.map((contact) => {
                const number = readablePhone(contact.phone, edition);
                return (
                  <li key={contact.id} className="account-record">
                    {openForm?.kind === 'edit' && openForm.contact.id === contact.id ? (
                      <PhoneForm
                        edition={edition}
                        legend={<Trans>Edit the phone number {number}</Trans>}
                        submitLabel={<Trans>Save phone number</Trans>}
                        initial={{ phone: number, type: contact.type }}
                        save={(body) =>
                          sendAccountWrite((api) =>
                            api.call(updatePhoneContactEndpoint, {
                              body: { id: contact.id, ...body },
                            }),
                          )
                        }
                        onSaved={(phone) => saved(t`Phone number saved: ${phone}.`)}
                        onGone={contacts.reload}
                        onCancel={() => close(editButtonId(contact.id))}
                      />
                    ) : (
                      <>
                        <p className="account-record__line">
                          <span className="phone-number">{number}</span>{' '}
                          <span className="account-record__note">
                            (<PhoneTypeName type={contact.type} />)
                          </span>
                        </p>
                        <div className="actions">
                          <button
                            id={editButtonId(contact.id)}
                            type="button"
                            className="button button--secondary"
                            onClick={() => open({ kind: 'edit', contact })}
                          >
                            <Trans>
                              Edit
                              <span className="visually-hidden"> the phone number {number}</span>
                            </Trans>
                          </button>
                        </div>
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          {openForm?.kind === 'new' ? (
            <div className="account-record">
              <PhoneForm
                edition={edition}
                legend={<Trans>New phone number</Trans>}
                submitLabel={<Trans>Add phone number</Trans>}
                initial={{ phone: '', type: 'mobile' }}
                save={(body) =>
                  sendAccountWrite((api) => api.call(createPhoneContactEndpoint, { body }))
                }
                onSaved={(phone) => saved(t`Phone number added: ${phone}.`)}
                onCancel={() => close(addButtonId)}
              />
            </div>
          ) : (
            <div className="actions">
              <button
                id={addButtonId}
                type="button"
                className="button"
                onClick={() => open({ kind: 'new' })}
              >
                <Trans>Add a phone number</Trans>
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

interface PhoneFormProps {
  edition: EditionCode;
  legend: ReactNode;
  submitLabel: ReactNode;
  initial: { phone: string; type: PhoneType };
  /** Sends the number in international form; resolves to how the call ended. */
  save: (body: PhoneContactInput) => Promise<WriteResult<unknown>>;
  /** After the number is stored, with the number in international form. */
  onSaved: (phone: string) => void;
  onGone?: () => void;
  onCancel: () => void;
}

/**
 * A phone number and its kind of line. The number may be typed nationally (read in the
 * edition's country) or with its country code; it is checked before anything is sent.
 */
function PhoneForm({
  edition,
  legend,
  submitLabel,
  initial,
  save,
  onSaved,
  onGone,
  onCancel,
}: PhoneFormProps) {
  const formId = useId();
  const country = useCountryName(edition);
  const formRef = useRef<HTMLFormElement>(null);
  const sendingRef = useRef(false);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<PhoneField>>({});
  const [failure, setFailure] = useState<WriteFailure | null>(null);
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);
  useEffect(() => {
    if (refusals === 0) return;
    const form = formRef.current;
    // A refused kind of line has no invalid input of its own: its group names the error.
    const firstError = form?.querySelector<HTMLElement>(
      '[aria-invalid="true"], fieldset[aria-describedby] input',
    );
    (firstError ?? form?.querySelector<HTMLElement>('[role="alert"]'))?.focus();
  }, [refusals]);

  function refuse(found: FieldErrors<PhoneField>, reason: WriteFailure | null) {
    setErrors(found);
    setFailure(reason);
    setRefusals((count) => count + 1);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingRef.current) return;
    const values = readPhone(new FormData(event.currentTarget));
    const found = phoneErrors(values, edition);
    const body = phoneContactBody(values, edition);
    if (hasErrors(found) || body === undefined) {
      refuse(found, null);
      return;
    }
    setErrors({});
    setFailure(null);
    sendingRef.current = true;
    setSending(true);
    const result = await save(body);
    sendingRef.current = false;
    setSending(false);
    if (result.ok) {
      onSaved(body.phone);
      return;
    }
    if (result.failure === 'sessionEnded') return;
    if (result.failure === 'notFound') onGone?.();
    refuse(formFieldErrors(result.fields, phoneErrorCodes), result.failure);
  }

  const typeErrorId = `${formId}-type-error`;
  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => void submit(event)}>
      {failure === null ? null : (
        <p className="notice notice--error" role="alert" tabIndex={-1}>
          <WriteFailureMessage failure={failure} withFields={hasErrors(errors)} />
        </p>
      )}
      <fieldset>
        <legend>{legend}</legend>
        <TextField
          formId={formId}
          name="phone"
          type="tel"
          label={<Trans>Phone number</Trans>}
          autoComplete="tel"
          inputMode="tel"
          maxLength={30}
          error={errors.phone}
          defaultValue={initial.phone}
          hint={
            <Trans>
              With its area code. A number without a country code is read as a number in {country}.
            </Trans>
          }
        />
        <fieldset
          className="phone-type"
          aria-describedby={errors.type === undefined ? undefined : typeErrorId}
        >
          <legend>
            <Trans>Kind of line</Trans>
          </legend>
          {phoneTypes.map((type) => (
            <div className="check-field" key={type}>
              <input
                id={`${formId}-type-${type}`}
                type="radio"
                name="type"
                value={type}
                defaultChecked={initial.type === type}
              />
              <label htmlFor={`${formId}-type-${type}`}>
                <PhoneTypeName type={type} />
              </label>
            </div>
          ))}
          {errors.type === undefined ? null : (
            <p className="field-error" id={typeErrorId}>
              <FieldMessage code={errors.type} />
            </p>
          )}
        </fieldset>
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
