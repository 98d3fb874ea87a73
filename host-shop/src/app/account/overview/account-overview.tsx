import { Trans } from '@lingui/react/macro';
import type { EditionCode } from '@tradein/editions/client';
import type { LoggedInAccount } from '../account-gate.tsx';
import type { AccountPaths } from '../account-paths.server.ts';

/** The overview of a logged-in customer: greeting, what needs attention, the trades. */
export function AccountOverview({
  account,
}: {
  account: LoggedInAccount;
  edition: EditionCode;
  paths: AccountPaths;
}) {
  const firstName = account.customerData?.firstName ?? '';
  return (
    <h1>
      <Trans>Hello {firstName}</Trans>
    </h1>
  );
}
