import { LoadFailure } from '../load-failure.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { updateAddressesEndpoint, updatePeopleEndpoint, type Address } from '@tradein/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LoadingBlock } from '../account-gate.tsx';
import type { SectionProps } from './account-management.tsx';
import { sendAccountWrite, type WriteFailure } from './account-write.ts';
import {
  addressOneLine,
  addressOwner,
  addressPatchBody,
  addressValuesOf,
  mainAddressId,
  newMainAddressBody,
} from './address-changes.ts';
import { AddressForm } from './address-form.tsx';
import { Confirmation, useConfirmation, WriteFailureMessage } from './change-notices.tsx';
import { PostalAddress } from './postal-address.tsx';
import { makeMainAddress, useAddressBook, type AddressBook } from './use-address-book.ts';
import { useFocusAfterRender } from './use-focus-after-render.ts';

/** What the page shows below the main address: its actions, or one of the forms to change it. */
type Mode = 'actions' | 'edit' | 'choose' | 'new';

/**
 * The focused page of an address change (`/account/address-change`, linked from mails and the
 * overview): only the main address, the one printed on the shipping labels, and the ways to
 * change it: edit it, choose another saved address, or enter a new one.
 */
export function MainAddressChange({ account, edition, paths }: SectionProps) {
  const { t } = useLingui();
  const pageId = useId();
  const book = useAddressBook(account);
  const { id: confirmationId, message, confirm, clear } = useConfirmation();
  const focusAfterRender = useFocusAfterRender();
  const [mode, setMode] = useState<Mode>('actions');
  /** The button that opens a form: the focus returns to it when the form is cancelled. */
  const openerId = (form: Mode) => `${pageId}-open-${form}`;
  const headingId = `${pageId}-heading`;

  const main = book.status === 'done' ? book.data.people.address : null;

  function open(next: Mode) {
    clear();
    setMode(next);
  }

  function cancel() {
    focusAfterRender(openerId(mode));
    setMode('actions');
  }

  function changed(text: string) {
    setMode('actions');
    book.reload();
    confirm(text);
  }

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
      <Confirmation id={confirmationId} message={message} />
      {book.status === 'loading' ? (
        <LoadingBlock>
          <Trans>Loading your address…</Trans>
        </LoadingBlock>
      ) : book.status === 'failed' ? (
        <LoadFailure onRetry={book.reload}>
          <Trans>We could not load your address.</Trans>
        </LoadFailure>
      ) : (
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
              save={(values, api) =>
                api.call(updateAddressesEndpoint, {
                  body: addressPatchBody(values, edition, main.id),
                })
              }
              onSaved={(values) => {
                const line = addressOneLine(values);
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
              save={(values, api) =>
                api.call(updatePeopleEndpoint, {
                  body: newMainAddressBody(
                    values,
                    edition,
                    addressOwner(account.customerData, book.data.people),
                  ),
                })
              }
              onSaved={(values) => {
                const line = addressOneLine(values);
                changed(t`Your main address is now ${line}.`);
              }}
              onCancel={cancel}
            />
          ) : mode === 'choose' ? (
            <ChooseMainAddress
              account={account}
              book={book.data}
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
              {otherAddresses(book.data).length === 0 ? null : (
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
  const formRef = useRef<HTMLFormElement>(null);
  const sendingRef = useRef(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<WriteFailure | null>(null);
  const others = otherAddresses(book);

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingRef.current) return;
    const chosenId = Number(new FormData(event.currentTarget).get('address'));
    const chosen = others.find((address) => address.id === chosenId);
    if (chosen === undefined) return;
    sendingRef.current = true;
    setSending(true);
    setFailure(null);
    const result = await sendAccountWrite((api) =>
      makeMainAddress(api, account, book.people, chosen.id),
    );
    sendingRef.current = false;
    setSending(false);
    if (result.ok) {
      onChosen(chosen);
      return;
    }
    if (result.failure === 'sessionEnded') return;
    if (result.failure === 'notFound') onGone();
    setFailure(result.failure);
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => void submit(event)}>
      {failure === null ? null : (
        <p className="notice notice--error" role="alert">
          <WriteFailureMessage failure={failure} />
        </p>
      )}
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
      <div className="actions">
        <button type="submit" className="button" aria-disabled={sending}>
          {sending ? <Trans>Saving…</Trans> : <Trans>Make this my main address</Trans>}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
