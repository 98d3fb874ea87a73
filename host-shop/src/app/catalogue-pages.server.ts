import type { ApiClient } from '@tradein/client-core';
import type { Aggregation, Category, Manufacturer } from '@tradein/contract';
import { editionCodes, type EditionCode } from '@tradein/editions';
import { categoryTree, devicesOfSeries } from './catalogue.server.ts';
import type { EditionParams } from './seo.ts';

/*
 * The addresses of catalogue pages across editions: a category, manufacturer, series or device
 * has a url of its own in each edition, so the same page in another edition (its hreflang
 * alternate) is found by id in that edition's catalogue.
 */

/**
 * The overview url of a manufacturer within a category (`tablettes-apple`). The bare
 * manufacturer url (`apple`) names the manufacturer in its first category only (docs/search.md,
 * "Aggregation urls"), so links, the sitemap and canonical addresses use this form.
 */
export function manufacturerOverviewUrl(
  category: Pick<Category, 'url'>,
  manufacturer: Pick<Manufacturer, 'url'>,
): string {
  return `${category.url}-${manufacturer.url}`;
}

/** What an overview names: a whole category, a manufacturer within it, or one series. */
export type OverviewKind = 'category' | 'manufacturer' | 'series';

/** Whether an aggregation names its category, a manufacturer within it, or one series. */
export function overviewKind(aggregation: Aggregation): OverviewKind {
  if (aggregation.url === aggregation.category.url) return 'category';
  const [series] = aggregation.series;
  return aggregation.series.length === 1 && series?.url === aggregation.url
    ? 'series'
    : 'manufacturer';
}

/** The one url of an overview page: the manufacturer's in its category, else as asked. */
export function canonicalOverviewUrl(aggregation: Aggregation): string {
  const [manufacturer] = aggregation.manufacturers;
  return overviewKind(aggregation) === 'manufacturer' && manufacturer !== undefined
    ? manufacturerOverviewUrl(aggregation.category, manufacturer)
    : aggregation.url;
}

/**
 * The widget's browse step for the level an aggregation names, written as the widget announces
 * it (the same keys in the same order), so the shop recognises the step it already shows.
 */
export function browseStepOf(aggregation: Aggregation): {
  screen: 'browse';
  categoryUrl: string;
  manufacturerUrl?: string;
  seriesUrl?: string;
} {
  const kind = overviewKind(aggregation);
  const categoryUrl = aggregation.category.url;
  const [manufacturer] = aggregation.manufacturers;
  const [series] = aggregation.series;
  if (kind === 'category' || manufacturer === undefined) return { screen: 'browse', categoryUrl };
  if (kind === 'manufacturer' || series === undefined) {
    return { screen: 'browse', categoryUrl, manufacturerUrl: manufacturer.url };
  }
  return {
    screen: 'browse',
    categoryUrl,
    manufacturerUrl: manufacturer.url,
    seriesUrl: series.url,
  };
}

/** The page's parameters in every edition but `current` where `find` finds it. */
async function inOtherEditions(
  current: EditionCode,
  find: (edition: EditionCode) => Promise<Record<string, string> | undefined>,
): Promise<EditionParams> {
  const others = editionCodes.filter((edition) => edition !== current);
  const found = await Promise.all(others.map(async (edition) => [edition, await find(edition)]));
  return Object.fromEntries(found.filter(([, params]) => params !== undefined));
}

/** A category of an edition's catalogue by id. */
async function categoryById(api: ApiClient, edition: EditionCode, id: number) {
  return (await categoryTree(api, edition)).find((category) => category.id === id);
}

/** The sell-category page of the same category in the other editions. */
export function categoryAlternates(
  api: ApiClient,
  current: EditionCode,
  categoryId: number,
): Promise<EditionParams> {
  return inOtherEditions(current, async (edition) => {
    const category = await categoryById(api, edition, categoryId);
    return category && { category: category.url };
  });
}

/** The product page of the same device in the other editions. */
export function deviceAlternates(
  api: ApiClient,
  current: EditionCode,
  device: { id: number; seriesId: number },
): Promise<EditionParams> {
  return inOtherEditions(current, async (edition) => {
    const devices = await devicesOfSeries(api, edition, device.seriesId);
    const same = devices.find((candidate) => candidate.id === device.id);
    return same && { pdp: same.url };
  });
}

/** The overview page of the same category, manufacturer or series in the other editions. */
export function overviewAlternates(
  api: ApiClient,
  current: EditionCode,
  aggregation: Aggregation,
): Promise<EditionParams> {
  const kind = overviewKind(aggregation);
  return inOtherEditions(current, async (edition) => {
    const category = await categoryById(api, edition, aggregation.category.id);
    if (category === undefined) return undefined;
    if (kind === 'category') return { overview: category.url };
    const manufacturerId = aggregation.manufacturers[0]?.id;
    const manufacturer = category.manufacturers.find((entry) => entry.id === manufacturerId);
    if (manufacturer === undefined) return undefined;
    if (kind === 'manufacturer') {
      return { overview: manufacturerOverviewUrl(category, manufacturer) };
    }
    const seriesId = aggregation.series[0]?.id;
    const series = manufacturer.series.find((entry) => entry.id === seriesId);
    return series && { overview: series.url };
  });
}
