import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const marked = new Marked({ gfm: true, async: false });

/**
 * Elements and attributes a content page may use: text structure and links, nothing that runs
 * or loads (no script, style, iframe, image, form; no event handler or style attribute).
 */
const allowed: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'a',
    'blockquote',
    'code',
    'br',
    'hr',
  ],
  allowedAttributes: { a: ['href'] },
  // Links stay on our site (root-relative) or go to https and mail addresses.
  allowedSchemes: ['https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/** Markdown rendered to HTML that is safe to put in a page as it is. */
export function markdownToSafeHtml(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, allowed);
}
