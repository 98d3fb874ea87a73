import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ShouldRevalidateFunction } from 'react-router';
import { screenOf } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';
import type { SellFlowWidget } from '../sell-flow/flow-step.ts';
import { sameSellFlowPage } from '../sell-flow/revalidate.ts';
import type { Route } from './+types/checkout';

/** The checkout page: the widget's cart and checkout, from the cart the browser keeps. */
export function loader(args: Route.LoaderArgs) {
  const { request, i18n } = screenOf(args, ['checkout']);
  const widget: SellFlowWidget = { attributes: { step: 'cart' }, start: { screen: 'cart' } };
  return {
    seo: pageSeo(request, {
      route: 'checkout',
      title: i18n._(msg`Your cart`),
      description: i18n._(msg`Check the devices in your cart and send them to us for free.`),
      noIndex: true,
    }),
    widget,
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export const shouldRevalidate: ShouldRevalidateFunction = sameSellFlowPage;

export default function Checkout() {
  return (
    <h1 className="visually-hidden">
      <Trans>Your cart</Trans>
    </h1>
  );
}
