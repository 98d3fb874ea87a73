import { Trans } from '@lingui/react/macro';
import type { EditionCode } from '@tradein/editions/client';
import type { LoggedInAccount } from '../account-gate.tsx';
import type { AccountPaths } from '../account-paths.server.ts';

/** The customer's data: addresses, payout accounts, phones, password and deletion. */
export function AccountManagement({
  account,
}: {
  account: LoggedInAccount;
  edition: EditionCode;
  paths: AccountPaths;
}) {
  return (
    <h1>
      <Trans>Your data, {account.email}</Trans>
    </h1>
  );
}
