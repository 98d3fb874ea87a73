import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { AccountGate } from '../account/account-gate.tsx';
import { accountPaths } from '../account/account-paths.server.ts';
import { PrimaryPayoutChange } from '../account/management/primary-payout-change.tsx';
import { drawnInBrowser } from '../scripts-handle.ts';
import { screenOf } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';
import type { Route } from './+types/payment-change';

/**
 * `/account/payment-change` (and its alias `/account/paymentChange`): where the trades are paid,
 * and the choice of another payout account.
 */
export function loader(args: Route.LoaderArgs) {
  const { request, i18n } = screenOf(args, ['accountPaymentChange', 'basePaymentChange']);
  return {
    seo: pageSeo(request, {
      // The alias points search engines to the localized path.
      route: 'accountPaymentChange',
      title: i18n._(msg`Change your payout account`),
      description: i18n._(msg`Choose the account we pay your trades to.`),
      noIndex: true,
    }),
    paths: accountPaths(request.site.edition),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export const handle = drawnInBrowser;

export default function PaymentChangePage({ loaderData }: Route.ComponentProps) {
  const { paths } = loaderData;
  return (
    <AccountGate paths={paths} heading={<Trans>Change your payout account</Trans>}>
      {(account) => <PrimaryPayoutChange account={account} paths={paths} />}
    </AccountGate>
  );
}
