import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  b2bTradeCapCents,
  buildPath,
  deriveShopOrigins,
  formatMoney,
  getEdition,
  isB2BMode,
  shopOriginOf,
} from '@tradein/editions';
import { Link } from 'react-router';
import { screenOf } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';
import type { ShopRequest } from '../shop-context.ts';
import type { Route } from './+types/b2b';

/**
 * Where the B2B sell flow starts: the home page of the B2B host, whose widget runs in mode
 * `b2bWidget` and opens with the device search. On the B2B host that is the path alone; on the
 * consumer host it is the B2B host's origin in the same environment (`www.tradein.de` →
 * `b2b.tradein.de`, `de.localhost:8080` → `b2b.localhost:8080`).
 */
function businessSellFlowHref({ site, origin }: ShopRequest): string {
  const home = buildPath(site.edition, 'home');
  if (isB2BMode(site.shopMode)) return home;
  return `${shopOriginOf(deriveShopOrigins(origin), site.edition, 'b2bWidget')}${home}`;
}

/** The business landing pages (Germany only, §2): trade-in for companies and partner shops. */
export function loader(args: Route.LoaderArgs) {
  const { request, match, i18n } = screenOf(args, ['b2bAnkaufsportal', 'b2bLandingpage']);
  const edition = getEdition(request.site.edition);
  return {
    seo: pageSeo(request, {
      route: match.name,
      title: i18n._(msg`Trade-in for businesses and partners`),
      description: i18n._(
        msg`Sell your company's used devices or offer trade-in in your own shop: fixed prices, free shipping, certified data erasure.`,
      ),
    }),
    cap: formatMoney(request.site.edition, b2bTradeCapCents),
    sellHref: businessSellFlowHref(request),
    contactAddress: edition.contact.b2bpartner?.toAddress ?? edition.contact.toAddress,
    contactPath: buildPath(request.site.edition, 'contact'),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export default function BusinessLanding({ loaderData }: Route.ComponentProps) {
  const { cap, sellHref, contactAddress, contactPath } = loaderData;
  return (
    <main id="main" className="page page--b2b">
      <div className="hero">
        <h1>
          <Trans>Trade-in for businesses and partners</Trans>
        </h1>
        <p className="lead">
          <Trans>
            Sell your company's used devices, or let your customers trade in their old device in
            your own shop.
          </Trans>
        </p>
        <p className="actions b2b-start">
          {/* The sell flow of the B2B host: a page of its own, loaded whole. */}
          <a className="button" href={sellHref}>
            <Trans>Sell your company's devices</Trans>
          </a>
          <a className="button button--secondary" href={`mailto:${contactAddress}`}>
            <Trans>Write to our business team</Trans>
          </a>
        </p>
      </div>
      <section aria-labelledby="b2b-portal-heading" className="prose">
        <h2 id="b2b-portal-heading">
          <Trans>The trade-in portal for companies</Trans>
        </h2>
        <ul>
          <li>
            <Trans>Fixed prices for phones, tablets, laptops and cameras</Trans>
          </li>
          <li>
            <Trans>Paid by bank transfer to the company's account</Trans>
          </li>
          <li>
            <Trans>Certified data erasure of every device</Trans>
          </li>
        </ul>
      </section>
      <section aria-labelledby="b2b-cap-heading" className="prose b2b-cap">
        <h2 id="b2b-cap-heading">
          <Trans>How much you can sell</Trans>
        </h2>
        <p>
          <Trans>
            Business sales may total at most {cap} within 30 days: the payouts of all business
            trades with the same e-mail address in the last 30 days count together, the new trade
            included; trades sent back do not count.
          </Trans>
        </p>
        <p>
          <Trans>
            Selling more? Our business team makes you an offer for larger quantities: write to{' '}
            <a href={`mailto:${contactAddress}`}>{contactAddress}</a> or use the{' '}
            <Link to={contactPath}>contact form</Link>.
          </Trans>
        </p>
      </section>
      <section aria-labelledby="b2b-widget-heading" className="prose">
        <h2 id="b2b-widget-heading">
          <Trans>The trade-in widget for your shop</Trans>
        </h2>
        <p>
          <Trans>
            One script tag puts our trade-in on your pages: your customers get an offer for their
            old device and send it to us, you get your commission.
          </Trans>
        </p>
      </section>
    </main>
  );
}
