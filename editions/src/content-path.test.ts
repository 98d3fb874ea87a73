import { describe, expect, it } from 'vitest';
import { contentPath } from './content-path.ts';
import { editionCodes } from './edition-code.ts';
import { buildPath } from './routes.ts';

describe('contentPath', () => {
  it.each(editionCodes)('gives the path of the full route table in %s', (edition) => {
    for (const slug of ['terms', 'privacy', 'a b ü']) {
      expect(contentPath(slug)).toBe(buildPath(edition, 'content', { slug }));
    }
  });

  it('names the static pages of §2', () => {
    expect(contentPath('terms')).toBe('/content/terms');
    expect(contentPath('privacy')).toBe('/content/privacy');
  });
});
