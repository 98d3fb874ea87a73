import type { ApiClient } from '@tradein/client-core';
import { buildSearchRequest, searchEndpoint, slugSchema, type Category } from '@tradein/contract';
import { getClientEdition, type EditionCode } from '@tradein/editions/client';
import { categoryTree } from './sitemap.ts';

/** A page of the catalogue a path names: a device's product page or a category's sell page. */
export type CataloguePage = { kind: 'device'; url: string } | { kind: 'category'; url: string };

/**
 * Tells whether the catalogue pages a path names exist, so that `/produkte/no-such-device`
 * answers 404 like any unknown path. The category tree is asked once per edition (the
 * catalogue changes only at a restart); a device is looked up by its url each time.
 */
export function cataloguePages(
  api: ApiClient,
): (edition: EditionCode, page: CataloguePage) => Promise<boolean> {
  const trees = new Map<EditionCode, Promise<Category[]>>();
  const treeOf = (edition: EditionCode) => {
    let tree = trees.get(edition);
    if (tree === undefined) {
      tree = categoryTree(api, edition);
      trees.set(edition, tree);
      tree.catch(() => trees.delete(edition));
    }
    return tree;
  };
  return async (edition, page) => {
    if (!slugSchema.safeParse(page.url).success) return false;
    if (page.kind === 'category') {
      return (await treeOf(edition)).some((category) => category.url === page.url);
    }
    const application = getClientEdition(edition).search.devicesIndex;
    const answer = await api.call(searchEndpoint, {
      body: buildSearchRequest({ kind: 'deviceByUrl', url: page.url }, application),
    });
    return answer.kind === 'deviceByUrl' && answer.hits.length > 0;
  };
}
