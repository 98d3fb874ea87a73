import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { buildPath, getEdition } from '@tradein/editions';
import type { ShouldRevalidateFunction } from 'react-router';
import { categoryTree } from '../catalogue.server.ts';
import { HowItWorks } from '../components/how-it-works.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { TrustStrip } from '../components/trust-strip.tsx';
import { screenOf } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';
import type { SellFlowWidget } from '../sell-flow/flow-step.ts';
import { sameSellFlowPage } from '../sell-flow/revalidate.ts';
import { sellFlowPage } from '../sell-flow/sell-flow-page.ts';
import type { Route } from './+types/home';

export async function loader(args: Route.LoaderArgs) {
  const { request, i18n } = screenOf(args, ['home']);
  const { site, api } = request;
  const categories = await categoryTree(api, site.edition);
  const widget: SellFlowWidget = { attributes: {}, start: { screen: 'search' } };
  return {
    seo: pageSeo(request, {
      route: 'home',
      title: i18n._(msg`Sell your used electronics at a fixed price`),
      description: i18n._(
        msg`Sell your phone, tablet, laptop or camera: an offer in two minutes, free shipping, quick payout.`,
      ),
      keywords: categories.map((category) => category.name).join(', '),
    }),
    widget,
    categories: categories.map((category) => ({
      name: category.name,
      href: buildPath(site.edition, 'sellCategory', { category: category.url }),
      thumbnail: category.thumbnail,
    })),
    banner: getEdition(site.edition).hasHomeBanner
      ? { href: buildPath(site.edition, 'content', { slug: 'eco-effect' }) }
      : undefined,
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export const shouldRevalidate: ShouldRevalidateFunction = sameSellFlowPage;

export default function Home() {
  return (
    <div className="hero">
      <h1>
        <Trans>Sell your used electronics</Trans>
      </h1>
      <p className="lead">
        <Trans>Search for your device and get a fixed offer in two minutes.</Trans>
      </p>
    </div>
  );
}

function HomeBelow({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { categories, banner } = loaderData;
  return (
    <>
      <TrustStrip />
      <section aria-labelledby="categories-heading" className="categories">
        <h2 id="categories-heading">
          <Trans>What would you like to sell?</Trans>
        </h2>
        <ul className="tiles">
          {categories.map((category) => (
            <li key={category.href}>
              <ShopLink to={category.href} className="tile">
                {category.thumbnail === null ? null : (
                  <img src={category.thumbnail} alt="" width="64" height="64" loading="lazy" />
                )}
                <span>{category.name}</span>
              </ShopLink>
            </li>
          ))}
        </ul>
      </section>
      <HowItWorks />
      {banner === undefined ? null : (
        <aside className="home-banner" aria-labelledby="home-banner-heading">
          <h2 id="home-banner-heading">
            <Trans>Every device sold is one less new one made</Trans>
          </h2>
          <p>
            <Trans>See how much CO₂ and raw material selling your device saves.</Trans>
          </p>
          <ShopLink to={banner.href} className="button button--secondary">
            <Trans>Our eco effect</Trans>
          </ShopLink>
        </aside>
      )}
    </>
  );
}

export const handle = sellFlowPage(HomeBelow);
