import type { ApiClient } from '@tradein/client-core';
import { buildSearchRequest, searchEndpoint, type Category } from '@tradein/contract';
import { buildPath, type EditionCode } from '@tradein/editions';
import { getClientEdition, sellFlowPath } from '@tradein/editions/client';
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

/** The category tree of an edition (categories, their manufacturers and series). */
export async function categoryTree(api: ApiClient, edition: EditionCode): Promise<Category[]> {
  const application = getClientEdition(edition).search.devicesIndex;
  const tree = await api.call(searchEndpoint, {
    body: buildSearchRequest({ kind: 'categories' }, application),
  });
  return tree.kind === 'categories' ? tree.hits : [];
}

/**
 * The paths of an edition's pages that search engines should know: the home page, every sell
 * category, every device's product page, from the catalogue as the trade API serves it (one
 * call for the category tree, one per series for its devices), and the content pages.
 */
export async function sitemapPaths(api: ApiClient, edition: EditionCode): Promise<string[]> {
  const application = getClientEdition(edition).search.devicesIndex;
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
    const answer = await api.call(searchEndpoint, {
      body: buildSearchRequest({ kind: 'devicesBySeries', seriesId }, application),
    });
    if (answer.kind !== 'devicesBySeries') continue;
    for (const device of answer.hits)
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
