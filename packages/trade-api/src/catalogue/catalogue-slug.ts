/** Letters that Unicode decomposition would not turn into the spelling people type. */
const spelledOut: readonly (readonly [RegExp, string])[] = [
  [/ä/g, 'ae'],
  [/ö/g, 'oe'],
  [/ü/g, 'ue'],
  [/ß/g, 'ss'],
  // "S20+" and "Pro+" are read "plus"; dropping the sign would merge them with the base model.
  [/\+/g, ' plus '],
];

/** Turns a display text into a url slug: lower-case ASCII words joined by single hyphens. */
export function toSlug(text: string): string {
  let slug = text.toLowerCase();
  for (const [pattern, replacement] of spelledOut) slug = slug.replace(pattern, replacement);
  return slug
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
