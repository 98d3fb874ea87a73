import { apiHttpStatus, refusedFields } from '@tradein/client-core';
import {
  createCustomerPaymentAccountEndpoint,
  customerResourceIri,
  getBankAccountsEndpoint,
  getCustomerPaymentAccountsEndpoint,
  getPaypalAccountsEndpoint,
  placeRefusals,
  updateBankAccountsEndpoint,
  updatePaypalAccountsEndpoint,
} from '@tradein/contract';
import { useRef, useState } from 'react';
import { accountApi } from '../account-api.ts';
import type { LoggedInAccount } from '../account-gate.tsx';
import type { FieldErrorCode, FieldErrors } from '../form-rules.ts';
import { endRefusedSession, endsSession } from '../session.ts';
import { useAccountCall } from '../use-account-call.ts';
import {
  bankRefusals,
  customerIriOf,
  payoutAccountsOf,
  paypalRefusals,
  primaryLinkBody,
  type BankAccountPatch,
  type PayoutAccount,
  type PaypalAccountPatch,
} from './payout-accounts.ts';

/** The customer's payout accounts, bank and PayPal, each marked when payouts go to it. */
export function usePayoutAccounts(account: LoggedInAccount) {
  return useAccountCall(`payout-accounts:${account.customerId}`, async (api, signal) => {
    const [bankAccounts, paypalAccounts, paymentAccounts] = await Promise.all([
      api.call(getBankAccountsEndpoint, { signal }),
      api.call(getPaypalAccountsEndpoint, { signal }),
      api.call(getCustomerPaymentAccountsEndpoint, { signal }),
    ]);
    return payoutAccountsOf({ bankAccounts, paypalAccounts, paymentAccounts });
  });
}

/** A payout account as a form sends it, checked: new (no id) or a change of a stored one. */
export type PayoutDraft =
  { kind: 'bank'; body: BankAccountPatch } | { kind: 'paypal'; body: PaypalAccountPatch };

/** What the last change did, for the confirmation or the error the customer reads. */
export type PayoutNotice =
  | 'madePrimary'
  | 'added'
  | 'addedPrimary'
  | 'changed'
  /** Saved, but the following call that makes it primary failed. */
  | 'addedNotPrimary'
  /** The account is no longer there (removed in another window): the list is loaded again. */
  | 'notFound'
  | 'failed';

/**
 * How saving a form ended: done; refused at some fields; the account is gone (removed in another
 * window, the form has nothing left to change); or failed (the notice says why).
 */
export type SaveOutcome =
  | { status: 'done' }
  | { status: 'refused'; errors: FieldErrors }
  | { status: 'gone' }
  | { status: 'failed' };

/**
 * The changes of payout accounts, shared by the management page and the payment-change page:
 * saving a bank or PayPal account (and, if asked, making it primary) and choosing the primary
 * one. One change at a time: a second click while a call runs is ignored. After a change the
 * lists reload and `notice` says what happened.
 */
export function usePayoutChanges(account: LoggedInAccount, reload: () => void) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<PayoutNotice | null>(null);
  // The state updates after the next render; the ref stops a double click within one.
  const running = useRef(false);

  async function run<T>(change: () => Promise<T>, failed: (error: unknown) => T): Promise<T> {
    running.current = true;
    setBusy(true);
    setNotice(null);
    try {
      return await change();
    } catch (error) {
      if (endsSession(error)) {
        void endRefusedSession(accountApi());
        return failed(undefined);
      }
      return failed(error);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  /** Says why a change failed; a vanished account reloads the list, so it disappears. */
  function reportFailure(error: unknown): void {
    if (apiHttpStatus(error) === 404) {
      setNotice('notFound');
      reload();
    } else {
      setNotice('failed');
    }
  }

  async function link(payout: Pick<PayoutAccount, 'kind' | 'iri'>): Promise<void> {
    await accountApi().call(createCustomerPaymentAccountEndpoint, {
      body: primaryLinkBody(payout, customerIriOf(account)),
    });
  }

  /** Makes payouts go to this account ("pay me here"). */
  async function makePrimary(payout: PayoutAccount): Promise<void> {
    if (running.current) return;
    await run(
      async () => {
        await link(payout);
        setNotice('madePrimary');
        reload();
      },
      (error) => {
        if (error !== undefined) reportFailure(error);
      },
    );
  }

  /** Saves a form's account; a new one becomes primary when `primary` says so. */
  async function save(draft: PayoutDraft, primary: boolean): Promise<SaveOutcome> {
    if (running.current) return { status: 'failed' };
    let saved: Pick<PayoutAccount, 'kind' | 'iri'> | undefined;
    return run<SaveOutcome>(
      async () => {
        const api = accountApi();
        if (draft.kind === 'bank') {
          const stored = await api.call(updateBankAccountsEndpoint, { body: draft.body });
          saved = { kind: 'bank', iri: customerResourceIri('bank_accounts', stored.id) };
        } else {
          const stored = await api.call(updatePaypalAccountsEndpoint, { body: draft.body });
          saved = { kind: 'paypal', iri: customerResourceIri('paypal_accounts', stored.id) };
        }
        if (primary) await link(saved);
        setNotice(draft.body.id !== undefined ? 'changed' : primary ? 'addedPrimary' : 'added');
        reload();
        return { status: 'done' };
      },
      (error) => {
        if (error === undefined) return { status: 'failed' };
        if (saved !== undefined) {
          // The account is stored; only the link failed. The form closes (sending it again would
          // add the account twice) and the list offers "pay me here" for it.
          setNotice('addedNotPrimary');
          reload();
          return { status: 'done' };
        }
        const { errors } = placeRefusals<string, FieldErrorCode>(
          refusedFields(error),
          draft.kind === 'bank' ? bankRefusals : paypalRefusals,
        );
        if (Object.keys(errors).length > 0) return { status: 'refused', errors };
        reportFailure(error);
        return { status: apiHttpStatus(error) === 404 ? 'gone' : 'failed' };
      },
    );
  }

  return { busy, notice, makePrimary, save };
}

/** The payout changes of the page: whether one is running, its notice, and the two changes. */
export type PayoutChanges = ReturnType<typeof usePayoutChanges>;
