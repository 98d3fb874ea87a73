/** The static pages of §2 (terms, privacy, imprint, …): the same path in every edition. */
export const contentRoute = '/content/{slug}';
