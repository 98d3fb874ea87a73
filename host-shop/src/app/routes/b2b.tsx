import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { b2bTradeCapCents, buildPath, formatMoney, getEdition } from '@tradein/editions';
import { Link } from 'react-router';
import { screenOf } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';
import type { Route } from './+types/b2b';

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
    contactAddress: edition.contact.b2bpartner?.toAddress ?? edition.contact.toAddress,
    contactPath: buildPath(request.site.edition, 'contact'),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export default function BusinessLanding({ loaderData }: Route.ComponentProps) {
  const { cap, contactAddress, contactPath } = loaderData;
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
            <Trans>Up to {cap} per trade, paid by bank transfer</Trans>
          </li>
          <li>
            <Trans>Certified data erasure of every device</Trans>
          </li>
        </ul>
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
      <p className="actions">
        <a className="button" href={`mailto:${contactAddress}`}>
          <Trans>Write to our business team</Trans>
        </a>
        <Link className="button button--secondary" to={contactPath}>
          <Trans>Contact form</Trans>
        </Link>
      </p>
    </main>
  );
}
