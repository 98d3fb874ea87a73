import { contentRoute } from './configs/content-route.ts';

/**
 * The shop path of a static page of §2 (`terms`, `privacy`, …), for browsers that do not load the
 * full route table: the slug percent-encoded. Gives the same path as the full `buildPath` in
 * every edition.
 */
export function contentPath(slug: string): string {
  return contentRoute.replace('{slug}', encodeURIComponent(slug));
}
