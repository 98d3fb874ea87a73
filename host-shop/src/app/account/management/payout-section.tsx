import { LoadFailure } from '../load-failure.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { LoadingBlock } from '../account-gate.tsx';
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
      {accounts.status === 'loading' ? (
        <LoadingBlock>
          <Trans>Loading your payout accounts…</Trans>
        </LoadingBlock>
      ) : accounts.status === 'failed' ? (
        <LoadFailure onRetry={accounts.reload}>
          <Trans>We could not load your payout accounts.</Trans>
        </LoadFailure>
      ) : accounts.data.length === 0 ? (
        <p>
          <Trans>You have no payout account yet. Add one so we can pay your trades.</Trans>
        </p>
      ) : (
        <PayoutAccountList
          accounts={accounts.data}
          busy={changes.busy}
          label={t`Your payout accounts`}
          onMakePrimary={(payout) => void changes.makePrimary(payout)}
          onEdit={(payout) => setEditor({ kind: 'edit', payout })}
        />
      )}
      <PayoutEditorArea
        editor={editor}
        setEditor={setEditor}
        primaryChoice="ask"
        busy={changes.busy}
        save={changes.save}
      />
    </section>
  );
}
