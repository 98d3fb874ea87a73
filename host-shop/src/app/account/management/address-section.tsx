import { Trans, useLingui } from '@lingui/react/macro';
import { updateAddressesEndpoint, type Address } from '@tradein/contract';
import { useId, useRef, useState } from 'react';
import { AccountCallView } from '../account-call-view.tsx';
import type { SectionProps } from './account-management.tsx';
import { sendAccountWrite, type WriteFailure } from './account-write.ts';
import {
  addressOneLine,
  addressPatchBody,
  addressValuesOf,
  mainAddressFirst,
  mainAddressId,
} from './address-changes.ts';
import { AddressForm } from './address-form.tsx';
import { Confirmation, WriteFailureMessage } from './change-notices.tsx';
import { PostalAddress } from './postal-address.tsx';
import { makeMainAddress, useAddressBook } from './use-address-book.ts';
import { useFocusAfterRender } from './use-focus-after-render.ts';
import { NewRecord } from './record-form.tsx';
import { useRecordEditor } from './use-record-editor.ts';

/** Which form of the section is open: a new address, or the edition of one. */
type OpenForm = { kind: 'new' } | { kind: 'edit'; addressId: number };

/**
 * The customer's addresses (§7): the main one (the person record's, printed on the shipping
 * labels) marked and listed first, each editable, any other made the main one with a click, and
 * new ones added. Every change is confirmed, and the list reloads from the API.
 */
export function AddressSection({ account, edition }: SectionProps) {
  const { t } = useLingui();
  const sectionId = useId();
  const book = useAddressBook(account);
  const editor = useRecordEditor<OpenForm>(book.reload);
  const openForm = editor.open;
  const focusAfterRender = useFocusAfterRender();
  const mainBusy = useRef(false);
  const [mainSending, setMainSending] = useState<number | null>(null);
  const [mainFailure, setMainFailure] = useState<WriteFailure | null>(null);
  const editButtonId = (addressId: number) => `${sectionId}-edit-${addressId}`;
  const addButtonId = `${sectionId}-add`;
  const failureId = `${sectionId}-failure`;

  function open(form: OpenForm) {
    setMainFailure(null);
    editor.start(form);
  }

  async function makeMain(address: Address) {
    if (mainBusy.current || book.status !== 'done') return;
    mainBusy.current = true;
    setMainSending(address.id);
    setMainFailure(null);
    const people = book.data.people;
    const result = await sendAccountWrite((api) =>
      makeMainAddress(api, account, people, address.id),
    );
    mainBusy.current = false;
    setMainSending(null);
    if (result.ok) {
      book.reload();
      const line = addressOneLine(address);
      editor.confirmation.confirm(
        t`Your main address is now ${line}. We print it on your shipping labels.`,
      );
      return;
    }
    if (result.failure === 'sessionEnded') return;
    if (result.failure === 'notFound') book.reload();
    setMainFailure(result.failure);
    focusAfterRender(failureId);
  }

  const headingId = `${sectionId}-heading`;
  return (
    <section id="addresses" className="account-data" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Addresses</Trans>
      </h2>
      <p>
        <Trans>
          Your main address is the sender on your shipping labels. Keep it up to date before you
          send a device.
        </Trans>
      </p>
      <Confirmation id={editor.confirmation.id} message={editor.confirmation.message} />
      {mainFailure === null ? null : (
        <p id={failureId} className="notice notice--error" role="alert" tabIndex={-1}>
          <WriteFailureMessage failure={mainFailure} />
        </p>
      )}
      <AccountCallView
        call={book}
        loading={<Trans>Loading your addresses…</Trans>}
        failed={<Trans>We could not load your addresses.</Trans>}
      >
        {(addressBook) => (
          <>
            {addressBook.addresses.length === 0 ? (
              <p>
                <Trans>You have not saved an address yet.</Trans>
              </p>
            ) : (
              <ul className="account-records">
                {mainAddressFirst(addressBook.addresses, mainAddressId(addressBook.people)).map(
                  (address) => {
                    const isMain = address.id === mainAddressId(addressBook.people);
                    const line = addressOneLine(address);
                    if (openForm?.kind === 'edit' && openForm.addressId === address.id) {
                      return (
                        <li key={address.id} className="account-record">
                          <AddressForm
                            edition={edition}
                            legend={<Trans>Edit the address {line}</Trans>}
                            submitLabel={<Trans>Save address</Trans>}
                            initial={addressValuesOf(address)}
                            save={(edited, api) =>
                              api.call(updateAddressesEndpoint, {
                                body: addressPatchBody(edited, address.id),
                              })
                            }
                            onSaved={(edited) => {
                              const changed = addressOneLine(edited);
                              editor.saved(t`Address saved: ${changed}.`);
                            }}
                            onGone={book.reload}
                            onCancel={() => editor.cancel(editButtonId(address.id))}
                          />
                        </li>
                      );
                    }
                    return (
                      <li
                        key={address.id}
                        className={
                          isMain ? 'account-record account-record--main' : 'account-record'
                        }
                      >
                        {isMain ? (
                          <p className="account-record__badge">
                            <Trans>Main address, used for your shipping labels</Trans>
                          </p>
                        ) : null}
                        <PostalAddress address={address} />
                        <div className="actions">
                          <button
                            id={editButtonId(address.id)}
                            type="button"
                            className="button button--secondary"
                            onClick={() => open({ kind: 'edit', addressId: address.id })}
                          >
                            <Trans>
                              Edit<span className="visually-hidden"> the address {line}</span>
                            </Trans>
                          </button>
                          {isMain ? null : (
                            <button
                              type="button"
                              className="button button--secondary"
                              aria-disabled={mainSending !== null}
                              onClick={() => void makeMain(address)}
                            >
                              {mainSending === address.id ? (
                                <Trans>Saving…</Trans>
                              ) : (
                                <Trans>
                                  Make this my main address
                                  <span className="visually-hidden">: {line}</span>
                                </Trans>
                              )}
                            </button>
                          )}
                        </div>
                      </li>
                    );
                  },
                )}
              </ul>
            )}
            <NewRecord
              open={openForm?.kind === 'new'}
              buttonId={addButtonId}
              buttonLabel={<Trans>Add an address</Trans>}
              onOpen={() => open({ kind: 'new' })}
            >
              <AddressForm
                edition={edition}
                legend={<Trans>New address</Trans>}
                submitLabel={<Trans>Add address</Trans>}
                save={(address, api) =>
                  api.call(updateAddressesEndpoint, { body: addressPatchBody(address) })
                }
                onSaved={(address) => {
                  const added = addressOneLine(address);
                  editor.saved(t`Address added: ${added}.`);
                }}
                onCancel={() => editor.cancel(addButtonId)}
              />
            </NewRecord>
          </>
        )}
      </AccountCallView>
    </section>
  );
}
