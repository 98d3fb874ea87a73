import type { ApiClient } from '@tradein/client-core';
import { buildPath, type EditionCode } from '@tradein/editions';
import { sellFlowPath } from '@tradein/editions/client';
import { manufacturerOverviewUrl } from '../app/catalogue-pages.server.ts';
import { categoryTree, devicesOfSeries } from '../app/catalogue.server.ts';
import { contentSlugs } from '../app/content/content-slugs.ts';

/** Characters XML text may not hold as they are. */
const xmlEntities: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => xmlEntities[character] ?? character);
}

/**
 * The paths of an edition's pages that search engines should know: the home page, the contact
 * page, every sell category, every device's product page, the overview of every manufacturer in
 * each of its categories and of every series, from the catalogue as the trade API serves it (one
 * call for the category tree, one per series for its devices), and the content pages.
 */
export async function sitemapPaths(api: ApiClient, edition: EditionCode): Promise<string[]> {
  const categories = await categoryTree(api, edition);
  const overview = (url: string) => buildPath(edition, 'productOverview', { overview: url });
  const manufacturerOverviews = categories.flatMap((category) =>
    category.manufacturers.map((manufacturer) => manufacturerOverviewUrl(category, manufacturer)),
  );
  // A series url that a category, a manufacturer in a category or a bare manufacturer url
  // already names would show that page instead (docs/search.md, "Aggregation urls").
  const taken = new Set([
    ...categories.map((category) => category.url),
    ...manufacturerOverviews,
    ...categories.flatMap((category) => category.manufacturers.map(({ url }) => url)),
  ]);
  const series = new Map(
    categories.flatMap((category) =>
      category.manufacturers.flatMap((manufacturer) =>
        manufacturer.series.map((entry) => [entry.id, entry.url] as const),
      ),
    ),
  );
  const devicePaths = new Set<string>();
  for (const seriesId of series.keys()) {
    for (const device of await devicesOfSeries(api, edition, seriesId))
      devicePaths.add(sellFlowPath(edition, 'productDetail', device.url));
  }
  return [
    sellFlowPath(edition, 'home'),
    buildPath(edition, 'contact'),
    ...categories.map((category) => sellFlowPath(edition, 'sellCategory', category.url)),
    ...devicePaths,
    ...manufacturerOverviews.map(overview),
    ...[...series.values()].filter((url) => !taken.has(url)).map(overview),
    ...contentSlugs.map((slug) => buildPath(edition, 'content', { slug })),
  ];
}

/** The sitemap (sitemaps.org 0.9) of the given paths on `origin`. */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt of one edition host: everything may be crawled, and here is the sitemap. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
