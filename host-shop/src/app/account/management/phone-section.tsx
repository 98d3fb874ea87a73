import { LoadFailure } from '../load-failure.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  createPhoneContactEndpoint,
  getPhoneContactsEndpoint,
  updatePhoneContactEndpoint,
  type PhoneContact,
} from '@tradein/contract';
import type { EditionCode } from '@tradein/editions/client';
import { useId, type ReactNode } from 'react';
import { LoadingBlock } from '../account-gate.tsx';
import { FieldMessage, TextField } from '../form-field.tsx';
import { useAccountCall } from '../use-account-call.ts';
import { AccountFormFrame } from './account-form-frame.tsx';
import type { SectionProps } from './account-management.tsx';
import { sendAccountWrite, writeOutcome, type WriteResult } from './account-write.ts';
import { useCountryName } from './address-form.tsx';
import { Confirmation } from './change-notices.tsx';
import {
  checkPhone,
  phoneRefusals,
  phoneTypes,
  readablePhone,
  readPhone,
  type PhoneContactInput,
  type PhoneField,
  type PhoneType,
} from './phone-changes.ts';
import { useAccountForm } from './use-account-form.ts';
import { useRecordEditor } from './use-record-editor.ts';

/** Which form of the section is open: a new number, or the edition of one. */
type OpenForm = { kind: 'new' } | { kind: 'edit'; contact: PhoneContact };

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
  const editor = useRecordEditor<OpenForm>(contacts.reload);
  const openForm = editor.open;
  const headingId = `${sectionId}-heading`;
  const addButtonId = `${sectionId}-add`;
  const editButtonId = (contactId: number) => `${sectionId}-edit-${contactId}`;

  return (
    <section id="phone-numbers" className="account-data" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Phone numbers</Trans>
      </h2>
      <p>
        <Trans>Our service team calls you on these numbers when a trade needs your answer.</Trans>
      </p>
      <Confirmation id={editor.confirmation.id} message={editor.confirmation.message} />
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
                        onSaved={(phone) => editor.saved(t`Phone number saved: ${phone}.`)}
                        onGone={contacts.reload}
                        onCancel={() => editor.cancel(editButtonId(contact.id))}
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
                            onClick={() => editor.start({ kind: 'edit', contact })}
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
                onSaved={(phone) => editor.saved(t`Phone number added: ${phone}.`)}
                onCancel={() => editor.cancel(addButtonId)}
              />
            </div>
          ) : (
            <div className="actions">
              <button
                id={addButtonId}
                type="button"
                className="button"
                onClick={() => editor.start({ kind: 'new' })}
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
  const form = useAccountForm<PhoneContactInput, PhoneField>({
    check: (data) => checkPhone(readPhone(data), edition),
    send: async (body) => {
      const result = await save(body);
      if (result.ok) onSaved(body.phone);
      else if (result.failure === 'notFound') onGone?.();
      return writeOutcome(result, phoneRefusals);
    },
  });
  const { errors } = form;

  const typeErrorId = `${formId}-type-error`;
  return (
    <AccountFormFrame
      form={form}
      failure={form.notice}
      submitLabel={submitLabel}
      onCancel={onCancel}
    >
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
    </AccountFormFrame>
  );
}
