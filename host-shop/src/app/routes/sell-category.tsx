import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { buildPath, formatMoney } from '@tradein/editions';
import type { ShouldRevalidateFunction } from 'react-router';
import type { Aggregation, Category } from '@tradein/contract';
import {
  browseStepOf,
  canonicalOverviewUrl,
  categoryAlternates,
  manufacturerOverviewUrl,
  overviewAlternates,
  overviewKind,
} from '../catalogue-pages.server.ts';
import { aggregationByUrl, categoryByUrl, devicesOfSeries } from '../catalogue.server.ts';
import { BestPrice } from '../components/best-price.tsx';
import { CatalogueText } from '../components/catalogue-text.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { TrustStrip } from '../components/trust-strip.tsx';
import { notFound, screenOf, type Screen } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';
import type { SellFlowWidget } from '../sell-flow/flow-step.ts';
import { sameSellFlowPage } from '../sell-flow/revalidate.ts';
import { sellFlowPage } from '../sell-flow/sell-flow-page.ts';
import type { Route } from './+types/sell-category';

/** A link of the list below the widget. */
interface PageLink {
  id: number;
  name: string;
  href: string;
  /** A model's "up to" price, formatted for the edition (models of a series only). */
  bestPrice?: string;
}

/** The sell page of a category: its manufacturers, the widget at their list. */
async function categoryPage({ request, i18n }: Screen, category: Category) {
  const { site, api } = request;
  const manufacturers: PageLink[] = category.manufacturers.map((manufacturer) => ({
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
    links: { kind: 'manufacturers' as const, entries: manufacturers },
    topManufacturers: category.topManufacturers.flatMap(
      (id) => manufacturers.find((manufacturer) => manufacturer.id === id) ?? [],
    ),
  };
}

/**
 * The sell page of a manufacturer within a category (`smartphones-apple`) or of a series: the
 * page of a browse level the widget announces, so a reload or a shared link opens the widget
 * there. Its content is the overview's, which is the address search engines are given.
 */
async function aggregationPage({ request, i18n }: Screen, aggregation: Aggregation) {
  const { site, api } = request;
  const kind = overviewKind(aggregation);
  const [manufacturer] = aggregation.manufacturers;
  const [series] = aggregation.series;
  if (manufacturer === undefined) notFound();
  const subject = (kind === 'series' ? series : undefined) ?? manufacturer;
  const links: { kind: 'series' | 'models'; entries: PageLink[] } =
    kind === 'series' && series !== undefined
      ? {
          kind: 'models',
          entries: (await devicesOfSeries(api, site.edition, series.id)).map((device) => ({
            id: device.id,
            name: device.name,
            href: buildPath(site.edition, 'productDetail', { pdp: device.url }),
            bestPrice: formatMoney(site.edition, device.bestPriceCents, 'short'),
          })),
        }
      : {
          kind: 'series',
          entries: manufacturer.series.map((entry) => ({
            id: entry.id,
            name: entry.name,
            href: buildPath(site.edition, 'sellCategory', { category: entry.url }),
          })),
        };
  const widget: SellFlowWidget = {
    attributes: { category: aggregation.url },
    start: browseStepOf(aggregation),
  };
  const name = `${subject.name} (${aggregation.category.name})`;
  return {
    seo: pageSeo(request, {
      route: 'productOverview',
      params: { overview: canonicalOverviewUrl(aggregation) },
      editionParams: await overviewAlternates(api, site.edition, aggregation),
      title: i18n._(msg`Sell ${name}`),
      description: subject.metaDescription,
      keywords: subject.metaKeywords,
      image: subject.thumbnail,
    }),
    widget,
    name,
    content: subject.content,
    links,
    topManufacturers: [] as PageLink[],
  };
}

/**
 * A sell page: a category's (`/verkaufen/smartphones`), or a browse level below it named by an
 * aggregation url (`/verkaufen/smartphones-apple`, `/verkaufen/apple-iphone-13`).
 */
export async function loader(args: Route.LoaderArgs) {
  const screen = screenOf(args, ['sellCategory']);
  const { site, api } = screen.request;
  const url = screen.match.params['category'] ?? '';
  const category = await categoryByUrl(api, site.edition, url);
  if (category !== undefined) return categoryPage(screen, category);
  const aggregation = await aggregationByUrl(api, site.edition, url);
  if (aggregation === undefined) notFound();
  return aggregationPage(screen, aggregation);
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
  const { name, content, links } = loaderData;
  return (
    <>
      <section aria-labelledby="category-about-heading" className="prose">
        <h2 id="category-about-heading">
          <Trans>Selling {name} with us</Trans>
        </h2>
        <CatalogueText text={content} />
      </section>
      <nav aria-labelledby="links-heading" className="link-list">
        <h2 id="links-heading">
          {links.kind === 'manufacturers' ? <Trans>All manufacturers</Trans> : null}
          {links.kind === 'series' ? <Trans>All series</Trans> : null}
          {links.kind === 'models' ? <Trans>All models</Trans> : null}
        </h2>
        <ul>
          {links.entries.map((link) => (
            <li key={link.id}>
              <ShopLink to={link.href}>{link.name}</ShopLink>
              {link.bestPrice === undefined ? null : (
                <>
                  {' '}
                  <span className="best-price__inline">
                    <BestPrice price={link.bestPrice} />
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <TrustStrip />
    </>
  );
}

export const handle = sellFlowPage(SellCategoryBelow);
