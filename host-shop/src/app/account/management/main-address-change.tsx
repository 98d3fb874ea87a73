import { Trans, useLingui } from '@lingui/react/macro';
import { updateAddressesEndpoint, updatePeopleEndpoint, type Address } from '@tradein/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { AccountCallView } from '../account-call-view.tsx';
import type { FormCheck, FormRefusals } from '../form-rules.ts';
import { AccountFormFrame } from './account-form-frame.tsx';
import type { SectionProps } from './account-management.tsx';
import {
  addressOneLine,
  addressOwner,
  addressPatchBody,
  addressValuesOf,
  mainAddressId,
  newMainAddressBody,
} from './address-changes.ts';
import { AddressForm } from './address-form.tsx';
import { Confirmation } from './change-notices.tsx';
import { PostalAddress } from './postal-address.tsx';
import { makeMainAddress, useAddressBook, type AddressBook } from './use-address-book.ts';
import { useRecordEditor } from './use-record-editor.ts';
import { useRecordForm } from './record-form.tsx';

/** The form the page shows below the main address to change it (none: its actions). */
type Mode = 'edit' | 'choose' | 'new';

/**
 * The focused page of an address change (`/account/address-change`, linked from mails and the
 * overview): only the main address, the one printed on the shipping labels, and the ways to
 * change it: edit it, choose another saved address, or enter a new one.
 */
export function MainAddressChange({ account, edition, paths }: SectionProps) {
  const { t } = useLingui();
  const pageId = useId();
  const book = useAddressBook(account);
  const editor = useRecordEditor<Mode>(book.reload);
  const mode = editor.open;
  /** The button that opens a form: the focus returns to it when the form is cancelled. */
  const openerId = (form: Mode) => `${pageId}-open-${form}`;
  const headingId = `${pageId}-heading`;

  const main = book.status === 'done' ? book.data.people.address : null;
  const open = (next: Mode) => editor.start(next);
  const cancel = () => {
    if (mode !== null) editor.cancel(openerId(mode));
  };
  const changed = (text: string) => editor.saved(text);

  return (
    <>
      <h1>
        <Trans>Change your address</Trans>
      </h1>
      <p>
        <Trans>
          Your main address is the sender on your shipping labels: parcels that cannot be delivered
          come back to it.
        </Trans>
      </p>
      <Confirmation id={editor.confirmation.id} message={editor.confirmation.message} />
      <AccountCallView
        call={book}
        loading={<Trans>Loading your address…</Trans>}
        failed={<Trans>We could not load your address.</Trans>}
      >
        {(addressBook) => (
          <section className="account-data" aria-labelledby={headingId}>
            <h2 id={headingId}>
              <Trans>Your main address</Trans>
            </h2>
            {main === null ? (
              <p>
                <Trans>You have no main address yet. Please choose or enter one.</Trans>
              </p>
            ) : (
              <div className="account-record account-record--main">
                <PostalAddress address={main} />
              </div>
            )}
            {mode === 'edit' && main !== null ? (
              <AddressForm
                edition={edition}
                legend={<Trans>Edit your main address</Trans>}
                submitLabel={<Trans>Save address</Trans>}
                initial={addressValuesOf(main)}
                save={(address, api) =>
                  api.call(updateAddressesEndpoint, {
                    body: addressPatchBody(address, main.id),
                  })
                }
                onSaved={(address) => {
                  const line = addressOneLine(address);
                  changed(t`Your main address is saved: ${line}.`);
                }}
                onGone={book.reload}
                onCancel={cancel}
              />
            ) : mode === 'new' ? (
              <AddressForm
                edition={edition}
                legend={<Trans>New main address</Trans>}
                submitLabel={<Trans>Save as main address</Trans>}
                save={(address, api) =>
                  api.call(updatePeopleEndpoint, {
                    body: newMainAddressBody(
                      address,
                      addressOwner(account.customerData, addressBook.people),
                    ),
                  })
                }
                onSaved={(address) => {
                  const line = addressOneLine(address);
                  changed(t`Your main address is now ${line}.`);
                }}
                onCancel={cancel}
              />
            ) : mode === 'choose' ? (
              <ChooseMainAddress
                account={account}
                book={addressBook}
                onChosen={(address) => {
                  const line = addressOneLine(address);
                  changed(t`Your main address is now ${line}.`);
                }}
                onGone={book.reload}
                onCancel={cancel}
              />
            ) : (
              <div className="actions">
                {main === null ? null : (
                  <button
                    id={openerId('edit')}
                    type="button"
                    className="button"
                    onClick={() => open('edit')}
                  >
                    <Trans>Edit this address</Trans>
                  </button>
                )}
                {otherAddresses(addressBook).length === 0 ? null : (
                  <button
                    id={openerId('choose')}
                    type="button"
                    className="button button--secondary"
                    onClick={() => open('choose')}
                  >
                    <Trans>Use another saved address</Trans>
                  </button>
                )}
                <button
                  id={openerId('new')}
                  type="button"
                  className="button button--secondary"
                  onClick={() => open('new')}
                >
                  <Trans>Enter a new address</Trans>
                </button>
              </div>
            )}
          </section>
        )}
      </AccountCallView>
      <p className="actions">
        <Link to={paths.overview} className="button button--secondary">
          <Trans>Back to your account overview</Trans>
        </Link>
        <Link to={paths.management} className="button button--secondary">
          <Trans>All your data</Trans>
        </Link>
      </p>
    </>
  );
}

/** The customer's saved addresses other than the main one. */
function otherAddresses(book: AddressBook): Address[] {
  const mainId = mainAddressId(book.people);
  return book.addresses.filter((address) => address.id !== mainId);
}

/**
 * A refusal of the main-address call names no field the customer could correct (the choice is
 * among their own addresses): the form's notice says it could not be saved.
 */
const chooseRefusals: FormRefusals<'address'> = { paths: {}, codes: { address: 'invalid' } };

/** A choice among the other saved addresses, made the main one on submit. */
function ChooseMainAddress({
  account,
  book,
  onChosen,
  onGone,
  onCancel,
}: {
  account: SectionProps['account'];
  book: AddressBook;
  onChosen: (address: Address) => void;
  onGone: () => void;
  onCancel: () => void;
}) {
  const formId = useId();
  const others = otherAddresses(book);
  const form = useRecordForm<Address, 'address'>({
    check: (data): FormCheck<Address, 'address'> => {
      const chosen = others.find((address) => String(address.id) === data.get('address'));
      return chosen === undefined
        ? { ok: false, errors: { address: 'required' } }
        : { ok: true, body: chosen };
    },
    refusals: chooseRefusals,
    save: (chosen, api) => makeMainAddress(api, account, book.people, chosen.id),
    onSaved: onChosen,
    onGone,
  });

  return (
    <AccountFormFrame
      form={form}
      failure={form.notice}
      submitLabel={<Trans>Make this my main address</Trans>}
      onCancel={onCancel}
    >
      <fieldset>
        <legend>
          <Trans>Your saved addresses</Trans>
        </legend>
        {others.map((address, index) => (
          <div className="check-field address-choice" key={address.id}>
            <input
              id={`${formId}-${address.id}`}
              type="radio"
              name="address"
              value={address.id}
              defaultChecked={index === 0}
            />
            <label htmlFor={`${formId}-${address.id}`}>
              <PostalAddress address={address} inline />
            </label>
          </div>
        ))}
      </fieldset>
    </AccountFormFrame>
  );
}
