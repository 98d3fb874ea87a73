import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { buildPath } from '@tradein/editions';
import type { ShouldRevalidateFunction } from 'react-router';
import { categoryAlternates, manufacturerOverviewUrl } from '../catalogue-pages.server.ts';
import { categoryByUrl } from '../catalogue.server.ts';
import { CatalogueText } from '../components/catalogue-text.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { TrustStrip } from '../components/trust-strip.tsx';
import { notFound, screenOf } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';
import type { SellFlowWidget } from '../sell-flow/flow-step.ts';
import { sameSellFlowPage } from '../sell-flow/revalidate.ts';
import { sellFlowPage } from '../sell-flow/sell-flow-page.ts';
import type { Route } from './+types/sell-category';

export async function loader(args: Route.LoaderArgs) {
  const { request, match, i18n } = screenOf(args, ['sellCategory']);
  const { site, api } = request;
  const url = match.params['category'] ?? '';
  const category = await categoryByUrl(api, site.edition, url);
  if (category === undefined) notFound();
  const manufacturers = category.manufacturers.map((manufacturer) => ({
    id: manufacturer.id,
    name: manufacturer.name,
    href: buildPath(site.edition, 'productOverview', {
      overview: manufacturerOverviewUrl(category, manufacturer),
    }),
  }));
  const widget: SellFlowWidget = {
    attributes: { category: category.url },
    start: { screen: 'browse', categoryUrl: category.url },
  };
  return {
    seo: pageSeo(request, {
      route: 'sellCategory',
      params: { category: category.url },
      editionParams: await categoryAlternates(api, site.edition, category.id),
      title: i18n._(msg`Sell ${category.name}`),
      description: category.metaDescription,
      keywords: category.metaKeywords,
      image: category.thumbnail,
    }),
    widget,
    name: category.name,
    content: category.content,
    manufacturers,
    topManufacturers: category.topManufacturers.flatMap(
      (id) => manufacturers.find((manufacturer) => manufacturer.id === id) ?? [],
    ),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export const shouldRevalidate: ShouldRevalidateFunction = sameSellFlowPage;

export default function SellCategory({ loaderData }: Route.ComponentProps) {
  const { name, topManufacturers } = loaderData;
  return (
    <div className="page-intro">
      <h1>
        <Trans>Sell {name}</Trans>
      </h1>
      {topManufacturers.length === 0 ? null : (
        <nav aria-labelledby="top-manufacturers-heading" className="chips">
          <h2 id="top-manufacturers-heading" className="visually-hidden">
            <Trans>Top manufacturers</Trans>
          </h2>
          <ul>
            {topManufacturers.map((manufacturer) => (
              <li key={manufacturer.id}>
                <ShopLink to={manufacturer.href} className="chip">
                  {manufacturer.name}
                </ShopLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

function SellCategoryBelow({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { name, content, manufacturers } = loaderData;
  return (
    <>
      <section aria-labelledby="category-about-heading" className="prose">
        <h2 id="category-about-heading">
          <Trans>Selling {name} with us</Trans>
        </h2>
        <CatalogueText text={content} />
      </section>
      <nav aria-labelledby="manufacturers-heading" className="link-list">
        <h2 id="manufacturers-heading">
          <Trans>All manufacturers</Trans>
        </h2>
        <ul>
          {manufacturers.map((manufacturer) => (
            <li key={manufacturer.id}>
              <ShopLink to={manufacturer.href}>{manufacturer.name}</ShopLink>
            </li>
          ))}
        </ul>
      </nav>
      <TrustStrip />
    </>
  );
}

export const handle = sellFlowPage(SellCategoryBelow);
