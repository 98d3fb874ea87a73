import type { ApiClient } from '@tradein/client-core';
import { buildPath, type EditionCode } from '@tradein/editions';
import { sellFlowPath } from '@tradein/editions/client';
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
 * The paths of an edition's pages that search engines should know: the home page, every sell
 * category, every device's product page, from the catalogue as the trade API serves it (one
 * call for the category tree, one per series for its devices), and the content pages.
 */
export async function sitemapPaths(api: ApiClient, edition: EditionCode): Promise<string[]> {
  const categories = await categoryTree(api, edition);
  const seriesIds = new Set(
    categories.flatMap((category) =>
      category.manufacturers.flatMap((manufacturer) =>
        manufacturer.series.map((series) => series.id),
      ),
    ),
  );
  const devicePaths = new Set<string>();
  for (const seriesId of seriesIds) {
    for (const device of await devicesOfSeries(api, edition, seriesId))
      devicePaths.add(sellFlowPath(edition, 'productDetail', device.url));
  }
  return [
    sellFlowPath(edition, 'home'),
    ...categories.map((category) => sellFlowPath(edition, 'sellCategory', category.url)),
    ...devicePaths,
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
