import { contentSlugs, type ContentSlug } from './content-slugs.ts';
import { markdownToSafeHtml } from './markdown.server.ts';
import type { ShopCatalog } from '../../i18n/shop-catalog.ts';

/** A content page as the shop shows it. */
export interface ContentPage {
  slug: ContentSlug;
  title: string;
  /** The page's first paragraph, its meta description. */
  description: string;
  /** The rest of the page, rendered and sanitized. */
  html: string;
}

/** The Markdown sources (`host-shop/content/{language}/{slug}.md`), bundled with the server. */
const sources = import.meta.glob<string>('../../../content/*/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Languages with content pages; the others (English) read the German ones. */
const contentLanguages = new Set(['de', 'es', 'fr', 'it']);

/**
 * The folder a page is read from. Formal German (`content/de-formal/`, the B2B mode) has only
 * the pages that address the reader; for the others it reads the German folder.
 */
function contentFolder(catalog: ShopCatalog, slug: ContentSlug): string {
  if (catalog === 'de-formal') {
    return sources[`../../../content/de-formal/${slug}.md`] === undefined ? 'de' : catalog;
  }
  return contentLanguages.has(catalog) ? catalog : 'de';
}

/**
 * Splits a source into its title (the `# ` heading of the first line), its description (the
 * paragraph after it) and the rest; throws on a source that lacks either, at the first request
 * that reads it, naming the file.
 */
function parsePage(slug: ContentSlug, file: string, source: string): ContentPage {
  const [heading, description, ...rest] = source.trim().split(/\n\s*\n/);
  const title = /^# (.+)$/.exec(heading ?? '')?.[1]?.trim();
  if (title === undefined || description === undefined || /^[#>*-]/.test(description)) {
    throw new Error(`${file}: a content page starts with "# Title" and a description paragraph`);
  }
  return {
    slug,
    title,
    description: description.replace(/\s+/g, ' ').trim(),
    html: markdownToSafeHtml(rest.join('\n\n')),
  };
}

const pages = new Map<string, ContentPage>();

/** The content page of a slug in a catalog's language, or undefined when there is none (a 404). */
export function contentPage(catalog: ShopCatalog, slug: string): ContentPage | undefined {
  const known = contentSlugs.find((candidate) => candidate === slug);
  if (known === undefined) return undefined;
  const folder = contentFolder(catalog, known);
  const file = `../../../content/${folder}/${known}.md`;
  const key = `${folder}/${known}`;
  let page = pages.get(key);
  if (page === undefined) {
    const source = sources[file];
    if (source === undefined) return undefined;
    page = parsePage(known, file, source);
    pages.set(key, page);
  }
  return page;
}
