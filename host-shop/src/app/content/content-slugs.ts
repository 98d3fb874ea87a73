/** The static pages of §2 (`/content/{slug}`), the same slugs in every edition. */
export const contentSlugs = [
  'how-it-works',
  'data-erasure',
  'packing-tips',
  'eco-effect',
  'about',
  'press',
  'partner-programme',
  'terms',
  'privacy',
  'imprint',
] as const;

export type ContentSlug = (typeof contentSlugs)[number];
