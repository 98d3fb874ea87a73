import { Trans, useLingui } from '@lingui/react/macro';
import {
  createPhoneContactEndpoint,
  getPhoneContactsEndpoint,
  updatePhoneContactEndpoint,
  type PhoneContact,
} from '@tradein/contract';
import { useId } from 'react';
import { AccountCallView } from '../account-call-view.tsx';
import { FieldMessage, TextField } from '../form-field.tsx';
import { useAccountCall } from '../use-account-call.ts';
import type { SectionProps } from './account-management.tsx';
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
import { NewRecord, RecordForm, type RecordFormProps } from './record-form.tsx';
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
      <AccountCallView
        call={contacts}
        loading={<Trans>Loading your phone numbers…</Trans>}
        failed={<Trans>We could not load your phone numbers.</Trans>}
      >
        {(phoneContacts) => (
          <>
            {phoneContacts.length === 0 ? (
              <p>
                <Trans>You have not saved a phone number yet.</Trans>
              </p>
            ) : (
              <ul className="account-records">
                {phoneContacts.map((contact) => {
                  const number = readablePhone(contact.phone, edition);
                  return (
                    <li key={contact.id} className="account-record">
                      {openForm?.kind === 'edit' && openForm.contact.id === contact.id ? (
                        <PhoneForm
                          edition={edition}
                          legend={<Trans>Edit the phone number {number}</Trans>}
                          submitLabel={<Trans>Save phone number</Trans>}
                          initial={{ phone: number, type: contact.type }}
                          save={(body, api) =>
                            api.call(updatePhoneContactEndpoint, {
                              body: { id: contact.id, ...body },
                            })
                          }
                          onSaved={({ phone }) => editor.saved(t`Phone number saved: ${phone}.`)}
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
            <NewRecord
              open={openForm?.kind === 'new'}
              buttonId={addButtonId}
              buttonLabel={<Trans>Add a phone number</Trans>}
              onOpen={() => editor.start({ kind: 'new' })}
            >
              <PhoneForm
                edition={edition}
                legend={<Trans>New phone number</Trans>}
                submitLabel={<Trans>Add phone number</Trans>}
                save={(body, api) => api.call(createPhoneContactEndpoint, { body })}
                onSaved={({ phone }) => editor.saved(t`Phone number added: ${phone}.`)}
                onCancel={() => editor.cancel(addButtonId)}
              />
            </NewRecord>
          </>
        )}
      </AccountCallView>
    </section>
  );
}

/**
 * A phone number and its kind of line. The number may be typed nationally (read in the
 * edition's country) or with its country code; it is checked before anything is sent.
 */
function PhoneForm({
  edition,
  initial,
  ...props
}: RecordFormProps<PhoneContactInput, { phone: string; type: PhoneType }>) {
  const formId = useId();
  const country = useCountryName(edition);
  const typeErrorId = `${formId}-type-error`;
  return (
    <RecordForm<PhoneContactInput, PhoneField>
      {...props}
      check={(data) => checkPhone(readPhone(data), edition)}
      refusals={phoneRefusals}
      renderFields={(errors) => (
        <>
          <TextField
            formId={formId}
            name="phone"
            type="tel"
            label={<Trans>Phone number</Trans>}
            autoComplete="tel"
            inputMode="tel"
            maxLength={30}
            error={errors.phone}
            defaultValue={initial?.phone}
            hint={
              <Trans>
                With its area code. A number without a country code is read as a number in {country}
                .
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
                  defaultChecked={(initial?.type ?? 'mobile') === type}
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
        </>
      )}
    />
  );
}
