import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { ibanEnding, maskedIban, type PayoutAccount } from './payout-accounts.ts';
import type { PayoutChanges, PayoutNotice } from './use-payout-accounts.ts';

/** A masked IBAN: the dots are hidden from screen readers, which read "ending in 3000" instead. */
function MaskedIban({ iban }: { iban: string }) {
  const ending = ibanEnding(iban);
  return (
    <>
      <span aria-hidden="true" className="payout-account__iban">
        {maskedIban(iban)}
      </span>
      <span className="visually-hidden">
        <Trans>IBAN ending in {ending}</Trans>
      </span>
    </>
  );
}

/** The short name of a payout account, for buttons that act on it (read by screen readers). */
function PayoutAccountName({ payout }: { payout: PayoutAccount }) {
  if (payout.kind === 'paypal') {
    const email = payout.account.email;
    return <Trans>PayPal {email}</Trans>;
  }
  const ending = ibanEnding(payout.account.iban);
  return <Trans>bank account ending in {ending}</Trans>;
}

/** What identifies a payout account to its owner: holder, masked IBAN and BIC, or the e-mail. */
export function PayoutAccountDetails({ payout }: { payout: PayoutAccount }) {
  if (payout.kind === 'paypal') {
    return (
      <div className="payout-account__details">
        <p className="payout-account__kind">
          <Trans>PayPal</Trans>
        </p>
        <p className="payout-account__line">{payout.account.email}</p>
      </div>
    );
  }
  const { accountHolder, iban, bic } = payout.account;
  return (
    <div className="payout-account__details">
      <p className="payout-account__kind">
        <Trans>Bank account</Trans>
      </p>
      <p className="payout-account__line">{accountHolder}</p>
      <p className="payout-account__line">
        <MaskedIban iban={iban} />
      </p>
      {bic === undefined ? null : (
        <p className="payout-account__line">
          <Trans>BIC {bic}</Trans>
        </p>
      )}
    </div>
  );
}

/**
 * The customer's payout accounts, the primary one marked. "Pay me here" makes another one
 * primary; "Change" (when offered) opens its form.
 */
export function PayoutAccountList({
  accounts,
  label,
  changes,
  onEdit,
}: {
  accounts: readonly PayoutAccount[];
  label: string;
  changes: Pick<PayoutChanges, 'busy' | 'makePrimary'>;
  onEdit?: ((payout: PayoutAccount) => void) | undefined;
}) {
  const { busy } = changes;
  return (
    <ul className="account-records" aria-label={label}>
      {accounts.map((payout) => (
        <li
          key={payout.iri}
          className={payout.isPrimary ? 'account-record account-record--main' : 'account-record'}
          data-payout-account={payout.iri}
          data-primary={payout.isPrimary}
        >
          <PayoutAccountDetails payout={payout} />
          {payout.isPrimary ? (
            <p className="account-record__badge">
              <Trans>We pay your trades to this account.</Trans>
            </p>
          ) : null}
          <div className="actions">
            {payout.isPrimary ? null : (
              <button
                type="button"
                className="button"
                name="makePrimary"
                value={payout.iri}
                aria-disabled={busy}
                onClick={() => {
                  if (!busy) void changes.makePrimary(payout);
                }}
              >
                <Trans>Pay me here</Trans>
                <span className="visually-hidden">
                  {': '}
                  <PayoutAccountName payout={payout} />
                </span>
              </button>
            )}
            {onEdit === undefined ? null : (
              <button
                type="button"
                className="button button--secondary"
                name="edit"
                value={payout.iri}
                onClick={() => onEdit(payout)}
              >
                <Trans>Change</Trans>
                <span className="visually-hidden">
                  {': '}
                  <PayoutAccountName payout={payout} />
                </span>
              </button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The confirmation (or the error) of the latest payout change. It takes the focus when it
 * speaks: the button or form the customer used is gone by then, and the focus would fall to the
 * page's start.
 */
export function PayoutNoticeText({ notice }: { notice: PayoutNotice | null }) {
  const region = useRef<HTMLOutputElement | null>(null);
  useEffect(() => {
    if (notice !== null) region.current?.focus();
  }, [notice]);
  const failed = notice === 'failed' || notice === 'addedNotPrimary' || notice === 'notFound';
  return (
    <output
      ref={region}
      tabIndex={-1}
      className={
        notice === null ? undefined : `notice ${failed ? 'notice--error' : 'notice--success'}`
      }
      aria-live="polite"
    >
      {notice === null ? null : notice === 'madePrimary' ? (
        <Trans>Done: we pay your next trades to the account you chose.</Trans>
      ) : notice === 'added' ? (
        <Trans>Your new account is saved.</Trans>
      ) : notice === 'addedPrimary' ? (
        <Trans>Your new account is saved, and we pay your next trades to it.</Trans>
      ) : notice === 'changed' ? (
        <Trans>Your change is saved.</Trans>
      ) : notice === 'notFound' ? (
        <Trans>
          This account was changed or removed in another window. We have loaded your current
          accounts; please try again.
        </Trans>
      ) : notice === 'addedNotPrimary' ? (
        <Trans>
          Your new account is saved, but we could not make it your payout account. Please choose
          “Pay me here” beside it.
        </Trans>
      ) : (
        <Trans>We could not save your change. Please check your connection and try again.</Trans>
      )}
    </output>
  );
}
