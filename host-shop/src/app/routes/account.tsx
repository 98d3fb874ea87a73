import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { AccountGate } from '../account/account-gate.tsx';
import { accountPaths } from '../account/account-paths.server.ts';
import { AccountOverview } from '../account/overview/account-overview.tsx';
import { drawnInBrowser } from '../scripts-handle.ts';
import { screenOf } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';
import type { Route } from './+types/account';

/** `/account`: the login when logged out; the overview with every trade when logged in. */
export function loader(args: Route.LoaderArgs) {
  const { request, i18n } = screenOf(args, ['account']);
  return {
    seo: pageSeo(request, {
      route: 'account',
      title: i18n._(msg`Your account`),
      description: i18n._(msg`Log in to follow your trades and manage your data.`),
      noIndex: true,
    }),
    edition: request.site.edition,
    paths: accountPaths(request.site.edition),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export const handle = drawnInBrowser;

export default function Account({ loaderData }: Route.ComponentProps) {
  const { paths, edition } = loaderData;
  return (
    <AccountGate paths={paths} heading={<Trans>Your account</Trans>}>
      {(account) => <AccountOverview account={account} edition={edition} paths={paths} />}
    </AccountGate>
  );
}
