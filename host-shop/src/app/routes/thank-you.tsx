import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { buildPath } from '@tradein/editions';
import { Link, useLocation } from 'react-router';
import { screenOf } from '../screen.server.ts';
import { ThankYouPhotos } from '../seller-photos/thank-you-photos.tsx';
import { pageMeta, pageSeo } from '../seo.ts';
import { historyStep, type SellFlowWidget } from '../sell-flow/flow-step.ts';
import { sellFlowPage } from '../sell-flow/sell-flow-page.ts';
import type { Route } from './+types/thank-you';

/**
 * The thank-you page: the widget's confirmation of the trade the seller just made (from the
 * history entry, so also after a reload). Without one, a short note where to find the trade.
 */
export function loader(args: Route.LoaderArgs) {
  const { request, i18n } = screenOf(args, ['thankYou']);
  const widget: SellFlowWidget = { attributes: {}, start: null };
  return {
    seo: pageSeo(request, {
      route: 'thankYou',
      title: i18n._(msg`Thank you for your trade`),
      description: i18n._(msg`Your trade is registered. Send your device with the free label.`),
      noIndex: true,
    }),
    widget,
    accountPath: buildPath(request.site.edition, 'account'),
    homePath: buildPath(request.site.edition, 'home'),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

/** Below the widget's thank-you step: the seller's own photos of the devices. */
export const handle = sellFlowPage(ThankYouPhotos);

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  if (historyStep(location.state)?.screen === 'thank-you') {
    // Focused by the sell-flow layout when the seller arrives from the checkout.
    return (
      <h1 className="visually-hidden" tabIndex={-1}>
        <Trans>Thank you for your trade</Trans>
      </h1>
    );
  }
  return (
    <div className="page-intro">
      <h1>
        <Trans>Thank you for your trade</Trans>
      </h1>
      <p>
        <Trans>
          Your confirmation with the shipping label is in your mailbox. You can follow your trade in
          your account.
        </Trans>
      </p>
      <p className="actions">
        <Link className="button" to={loaderData.accountPath}>
          <Trans>To my account</Trans>
        </Link>
        <Link className="button button--secondary" to={loaderData.homePath}>
          <Trans>Sell another device</Trans>
        </Link>
      </p>
    </div>
  );
}
