import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { buildPath, formatMoney } from '@tradein/editions';
import type { ShouldRevalidateFunction } from 'react-router';
import {
  browseStepOf,
  canonicalOverviewUrl,
  deviceAlternates,
  overviewAlternates,
} from '../catalogue-pages.server.ts';
import type { ApiClient } from '@tradein/client-core';
import type { Device } from '@tradein/contract';
import type { EditionCode } from '@tradein/editions';
import {
  aggregationByUrl,
  categoryTree,
  deviceByUrl,
  devicesOfSeries,
} from '../catalogue.server.ts';
import { BestPrice } from '../components/best-price.tsx';
import { CatalogueText } from '../components/catalogue-text.tsx';
import { HowItWorks } from '../components/how-it-works.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { notFound, screenOf, type Screen } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';
import type { SellFlowWidget } from '../sell-flow/flow-step.ts';
import { sameSellFlowPage } from '../sell-flow/revalidate.ts';
import { sellFlowPage } from '../sell-flow/sell-flow-page.ts';
import type { Route } from './+types/product';

/**
 * The overview page of a device's series (its name and path), found in the edition's category
 * tree; undefined when the tree does not list the series.
 */
async function seriesOverviewOf(
  api: ApiClient,
  edition: EditionCode,
  device: Pick<Device, 'categoryId' | 'manufacturerId' | 'seriesId'>,
): Promise<{ name: string; href: string } | undefined> {
  const series = (await categoryTree(api, edition))
    .find((category) => category.id === device.categoryId)
    ?.manufacturers.find((manufacturer) => manufacturer.id === device.manufacturerId)
    ?.series.find((entry) => entry.id === device.seriesId);
  return (
    series && {
      name: series.name,
      href: buildPath(edition, 'productOverview', { overview: series.url }),
    }
  );
}

/**
 * The product detail page: one device, the widget at its condition questions. A retired device
 * takes no new offers: its page says so instead, without the widget, and links its series.
 */
async function productDetail({ request, match, i18n }: Screen) {
  const { site, api } = request;
  const device = await deviceByUrl(api, site.edition, match.params['pdp'] ?? '');
  if (device === undefined) notFound();
  const retired = device.retired === true;
  const widget: SellFlowWidget = retired
    ? { attributes: {}, start: null }
    : {
        attributes: { device: device.url },
        start: { screen: 'questions', deviceUrl: device.url },
      };
  // Where the seller finds the models of the series that are still bought.
  const seriesOverview = retired ? await seriesOverviewOf(api, site.edition, device) : undefined;
  const { name } = device;
  // The model's name without the variant the device name ends in ("Apple iPhone 13").
  const modelName =
    device.variant !== '' && name.endsWith(` ${device.variant}`)
      ? name.slice(0, -device.variant.length).trimEnd()
      : name;
  const variants =
    device.variants.length < 2
      ? []
      : device.variants.map((variant) => ({
          id: variant.id,
          name: `${modelName} ${variant.variant}`.trim(),
          href: buildPath(site.edition, 'productDetail', { pdp: variant.url }),
          current: variant.id === device.id,
          // A retired device takes no offer: no price for it.
          bestPrice:
            retired && variant.id === device.id
              ? null
              : formatMoney(site.edition, variant.bestPriceCents, 'short'),
        }));
  return {
    kind: 'detail' as const,
    seo: pageSeo(request, {
      route: 'productDetail',
      params: { pdp: device.url },
      editionParams: await deviceAlternates(api, site.edition, device),
      title: retired ? i18n._(msg`${name} can no longer be sold`) : i18n._(msg`Sell ${name}`),
      description: retired
        ? i18n._(msg`We no longer buy the ${name}; other models of its series can still be sold.`)
        : i18n._(
            msg`Sell your ${name} at a fixed price: answer a few questions, get your offer at once, ship for free and get paid quickly.`,
          ),
      keywords: [device.name, device.manufacturer, device.series, device.category].join(', '),
      image: device.image,
    }),
    widget,
    retired,
    seriesOverview,
    device: {
      name: device.name,
      image: device.image,
      manufacturer: device.manufacturer,
      series: device.series,
      category: device.category,
      // What this variant gets at best from the API's current price list, before any answer.
      bestPrice: formatMoney(site.edition, device.bestPriceCents, 'short'),
    },
    modelName,
    variants,
  };
}

/** The product overview page: the models of a manufacturer or series, the widget browsing it. */
async function productOverview({ request, match, i18n }: Screen) {
  const { site, api } = request;
  const aggregation = await aggregationByUrl(api, site.edition, match.params['overview'] ?? '');
  const manufacturer = aggregation?.manufacturers[0];
  if (aggregation === undefined || manufacturer === undefined) notFound();
  const series = aggregation.series.length > 0 ? aggregation.series : manufacturer.series;
  const seriesWithDevices = await Promise.all(
    series.map(async (entry) => ({
      id: entry.id,
      name: entry.name,
      devices: (await devicesOfSeries(api, site.edition, entry.id)).map((device) => ({
        id: device.id,
        name: device.name,
        href: buildPath(site.edition, 'productDetail', { pdp: device.url }),
        bestPrice: formatMoney(site.edition, device.bestPriceCents, 'short'),
      })),
    })),
  );
  const single = aggregation.series.length === 1 ? aggregation.series[0] : undefined;
  const subject = single ?? manufacturer;
  // The widget starts at the level the overview names: its manufacturer's series, or the models
  // of its one series (the `category` attribute takes the aggregation url).
  const widget: SellFlowWidget = {
    attributes: { category: canonicalOverviewUrl(aggregation) },
    start: browseStepOf(aggregation),
  };
  const title = `${subject.name} (${aggregation.category.name})`;
  return {
    kind: 'overview' as const,
    seo: pageSeo(request, {
      route: 'productOverview',
      params: { overview: canonicalOverviewUrl(aggregation) },
      editionParams: await overviewAlternates(api, site.edition, aggregation),
      title: i18n._(msg`Sell ${title}: all models`),
      description: subject.metaDescription,
      keywords: subject.metaKeywords,
      image: subject.thumbnail,
    }),
    widget,
    title,
    content: subject.content,
    series: seriesWithDevices,
  };
}

export function loader(args: Route.LoaderArgs) {
  const screen = screenOf(args, ['productDetail', 'productOverview']);
  return screen.match.name === 'productOverview' ? productOverview(screen) : productDetail(screen);
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export const shouldRevalidate: ShouldRevalidateFunction = sameSellFlowPage;

export default function Product({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'overview') {
    return (
      <div className="page-intro">
        <h1>
          <Trans>Sell {loaderData.title}</Trans>
        </h1>
        <CatalogueText text={loaderData.content} />
      </div>
    );
  }
  const { device } = loaderData;
  if (loaderData.retired) {
    const { seriesOverview } = loaderData;
    const seriesName = seriesOverview?.name;
    return (
      <div className="page-intro page-intro--product">
        {device.image === null ? null : (
          <img src={device.image} alt="" width="120" height="120" className="product-image" />
        )}
        <h1>{device.name}</h1>
        <div className="product-intro__retired">
          <p className="retired-notice">
            <Trans>This device can no longer be sold: we no longer buy it.</Trans>
          </p>
          {seriesOverview === undefined ? null : (
            <p>
              <ShopLink to={seriesOverview.href}>
                <Trans>See the models of the {seriesName} series</Trans>
              </ShopLink>
            </p>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="page-intro page-intro--product">
      {device.image === null ? null : (
        <img src={device.image} alt="" width="120" height="120" className="product-image" />
      )}
      <h1>
        <Trans>Sell {device.name}</Trans>
      </h1>
      <div className="product-intro__price">
        <p className="best-price">
          <strong>
            <BestPrice price={device.bestPrice} />
          </strong>
        </p>
        <p className="best-price__note">
          <Trans>
            The price for a device in top condition. Your offer follows your answers to the
            questions.
          </Trans>
        </p>
        <p className="lead">
          <Trans>Answer a few questions about its condition and see your offer at once.</Trans>
        </p>
      </div>
    </div>
  );
}

function ProductBelow({ loaderData: product }: Pick<Route.ComponentProps, 'loaderData'>) {
  if (product.kind === 'overview') {
    return (
      <nav aria-labelledby="models-heading" className="link-list">
        <h2 id="models-heading">
          <Trans>All models</Trans>
        </h2>
        {product.series.map((series) => (
          <section key={series.id} aria-label={series.name}>
            <h3>{series.name}</h3>
            <ul>
              {series.devices.map((device) => (
                <li key={device.id}>
                  <ShopLink to={device.href}>{device.name}</ShopLink>{' '}
                  <span className="best-price__inline">
                    <BestPrice price={device.bestPrice} />
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
    );
  }
  const { device, modelName, variants } = product;
  return (
    <>
      {variants.length === 0 ? null : (
        <nav aria-labelledby="variants-heading" className="link-list">
          <h2 id="variants-heading">
            <Trans>Every variant of the {modelName}</Trans>
          </h2>
          <ul>
            {variants.map((variant) => (
              <li key={variant.id}>
                <ShopLink to={variant.href} aria-current={variant.current ? 'page' : undefined}>
                  {variant.name}
                </ShopLink>
                {variant.bestPrice === null ? null : (
                  <>
                    {' '}
                    <span className="best-price__inline">
                      <BestPrice price={variant.bestPrice} />
                    </span>
                  </>
                )}
              </li>
            ))}
          </ul>
        </nav>
      )}
      <section aria-labelledby="device-facts-heading" className="facts">
        <h2 id="device-facts-heading">
          <Trans>About this model</Trans>
        </h2>
        <dl>
          <dt>
            <Trans>Manufacturer</Trans>
          </dt>
          <dd>{device.manufacturer}</dd>
          <dt>
            <Trans>Series</Trans>
          </dt>
          <dd>{device.series}</dd>
          <dt>
            <Trans>Category</Trans>
          </dt>
          <dd>{device.category}</dd>
        </dl>
      </section>
      <HowItWorks />
    </>
  );
}

export const handle = sellFlowPage(ProductBelow);
