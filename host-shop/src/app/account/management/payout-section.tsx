import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { AccountCallView } from '../account-call-view.tsx';
import type { SectionProps } from './account-management.tsx';
import { PayoutEditorArea, type PayoutEditor } from './payout-account-forms.tsx';
import { PayoutAccountList, PayoutNoticeText } from './payout-account-list.tsx';
import { usePayoutAccounts, usePayoutChanges } from './use-payout-accounts.ts';

/**
 * The customer's payout accounts on the management page: bank and PayPal accounts with the
 * primary one marked, "pay me here" for the others, and forms to add or change one.
 */
export function PayoutSection({ account }: SectionProps) {
  const { t } = useLingui();
  const headingId = useId();
  const accounts = usePayoutAccounts(account);
  const changes = usePayoutChanges(account, accounts.reload);
  const [editor, setEditor] = useState<PayoutEditor | null>(null);

  return (
    <section className="account-data" id="payout-accounts" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Payout accounts</Trans>
      </h2>
      <p>
        <Trans>
          We pay your trades to the marked account. Add accounts and choose another one at any time.
        </Trans>
      </p>
      <PayoutNoticeText notice={changes.notice} />
      <AccountCallView
        call={accounts}
        loading={<Trans>Loading your payout accounts…</Trans>}
        failed={<Trans>We could not load your payout accounts.</Trans>}
      >
        {(loaded) =>
          loaded.length === 0 ? (
            <p>
              <Trans>You have no payout account yet. Add one so we can pay your trades.</Trans>
            </p>
          ) : (
            <PayoutAccountList
              accounts={loaded}
              label={t`Your payout accounts`}
              changes={changes}
              onEdit={(payout) => setEditor({ kind: 'edit', payout })}
            />
          )
        }
      </AccountCallView>
      <PayoutEditorArea
        editor={editor}
        setEditor={setEditor}
        primaryChoice="ask"
        changes={changes}
      />
    </section>
  );
}
