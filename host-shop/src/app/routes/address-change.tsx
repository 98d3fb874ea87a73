import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { AccountGate } from '../account/account-gate.tsx';
import { accountPaths } from '../account/account-paths.server.ts';
import { MainAddressChange } from '../account/management/main-address-change.tsx';
import { drawnInBrowser } from '../scripts-handle.ts';
import { screenOf } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';
import type { Route } from './+types/address-change';

/** The paths of the page: the localized one of §2 and its unlocalized alias. */
const screens = ['accountAddressChange', 'baseAddressChange'] as const;

/** `/account/address-change`: the customer's main address (the labels' sender) and its change. */
export function loader(args: Route.LoaderArgs) {
  const { request, match, i18n } = screenOf(args, screens);
  return {
    seo: pageSeo(request, {
      route: match.name,
      params: match.params,
      title: i18n._(msg`Change your address`),
      description: i18n._(msg`Change the address printed on your shipping labels.`),
      noIndex: true,
    }),
    edition: request.site.edition,
    paths: accountPaths(request.site.edition),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export const handle = drawnInBrowser;

export default function AddressChangePage({ loaderData }: Route.ComponentProps) {
  const { paths, edition } = loaderData;
  return (
    <AccountGate paths={paths} heading={<Trans>Change your address</Trans>}>
      {(account) => <MainAddressChange account={account} edition={edition} paths={paths} />}
    </AccountGate>
  );
}
