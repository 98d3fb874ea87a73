import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { AccountGate } from '../account/account-gate.tsx';
import { accountPaths } from '../account/account-paths.server.ts';
import { AccountManagement } from '../account/management/account-management.tsx';
import { drawnInBrowser } from '../scripts-handle.ts';
import { screenOf } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';
import type { Route } from './+types/account-management';

/** `/account/management`: the customer's addresses, payout accounts, phones, password, deletion. */
export function loader(args: Route.LoaderArgs) {
  const { request, i18n } = screenOf(args, ['accountManagement']);
  return {
    seo: pageSeo(request, {
      route: 'accountManagement',
      title: i18n._(msg`Your data`),
      description: i18n._(msg`Manage your addresses, payout accounts and password.`),
      noIndex: true,
    }),
    edition: request.site.edition,
    paths: accountPaths(request.site.edition),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export const handle = drawnInBrowser;

export default function AccountManagementPage({ loaderData }: Route.ComponentProps) {
  const { paths, edition } = loaderData;
  return (
    <AccountGate paths={paths} heading={<Trans>Your data</Trans>}>
      {(account) => <AccountManagement account={account} edition={edition} paths={paths} />}
    </AccountGate>
  );
}
