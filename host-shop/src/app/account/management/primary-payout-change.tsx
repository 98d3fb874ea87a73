import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { AccountCallView } from '../account-call-view.tsx';
import type { SectionProps } from './account-management.tsx';
import { PayoutEditorArea, type PayoutEditor } from './payout-account-forms.tsx';
import {
  PayoutAccountDetails,
  PayoutAccountList,
  PayoutNoticeText,
} from './payout-account-list.tsx';
import { primaryPayoutAccount, type PayoutAccount } from './payout-accounts.ts';
import { usePayoutAccounts, usePayoutChanges } from './use-payout-accounts.ts';

/** The account payouts go to now, or a word that there is none yet. */
function CurrentPayoutAccount({ accounts }: { accounts: readonly PayoutAccount[] }) {
  const current = primaryPayoutAccount(accounts);
  if (current === undefined) {
    return (
      <p>
        <Trans>You have not chosen a payout account yet. Choose or add one below.</Trans>
      </p>
    );
  }
  return (
    <div className="account-record account-record--main" data-payout-account={current.iri}>
      <PayoutAccountDetails payout={current} />
    </div>
  );
}

/**
 * The page for one task: where the trades are paid. It shows the current payout account and
 * lets the customer choose another of theirs, or add one that takes its place.
 */
export function PrimaryPayoutChange({ account, paths }: Omit<SectionProps, 'edition'>) {
  const { t } = useLingui();
  const currentId = useId();
  const othersId = useId();
  const addId = useId();
  const accounts = usePayoutAccounts(account);
  const changes = usePayoutChanges(account, accounts.reload);
  const [editor, setEditor] = useState<PayoutEditor | null>(null);

  return (
    <>
      <h1>
        <Trans>Change your payout account</Trans>
      </h1>
      <PayoutNoticeText notice={changes.notice} />
      <AccountCallView
        call={accounts}
        loading={<Trans>Loading your payout accounts…</Trans>}
        failed={<Trans>We could not load your payout accounts.</Trans>}
      >
        {(loaded) => (
          <>
            <section className="account-data" aria-labelledby={currentId}>
              <h2 id={currentId}>
                <Trans>Your current payout account</Trans>
              </h2>
              <CurrentPayoutAccount accounts={loaded} />
            </section>
            {loaded.some((payout) => !payout.isPrimary) ? (
              <section className="account-data" aria-labelledby={othersId}>
                <h2 id={othersId}>
                  <Trans>Choose another of your accounts</Trans>
                </h2>
                <PayoutAccountList
                  accounts={loaded.filter((payout) => !payout.isPrimary)}
                  label={t`Your other payout accounts`}
                  changes={changes}
                />
              </section>
            ) : null}
          </>
        )}
      </AccountCallView>
      <section className="account-data" aria-labelledby={addId}>
        <h2 id={addId}>
          <Trans>Add a new payout account</Trans>
        </h2>
        <PayoutEditorArea
          editor={editor}
          setEditor={setEditor}
          primaryChoice="always"
          changes={changes}
        />
      </section>
      <p>
        <Link to={paths.management}>
          <Trans>Back to your data</Trans>
        </Link>
      </p>
    </>
  );
}
