import { describe, expect, it } from 'vitest';
import { contentPage } from './content-pages.server.ts';
import { pageSegments } from './legal-pages.server.ts';

describe('pageSegments', () => {
  it('splits rendered Markdown at its block markers', () => {
    expect(pageSegments('<h2>A</h2>\n<p>[[imprint]]</p>\n<h2>B</h2>\n')).toEqual([
      { kind: 'html', html: '<h2>A</h2>\n' },
      { kind: 'block', block: 'imprint' },
      { kind: 'html', html: '<h2>B</h2>\n' },
    ]);
    expect(pageSegments('<p>Text</p>\n')).toEqual([{ kind: 'html', html: '<p>Text</p>\n' }]);
  });

  it('refuses a marker it does not know', () => {
    expect(() => pageSegments('<p>[[imprnt]]</p>')).toThrow('unknown content block [[imprnt]]');
  });

  it.each(['de', 'es', 'fr', 'it'] as const)(
    'finds the imprint in the imprint and the controller and tools in the privacy policy (%s)',
    (language) => {
      const blocksOf = (slug: string) =>
        pageSegments(contentPage(language, slug)?.html ?? '').flatMap((segment) =>
          segment.kind === 'block' ? [segment.block] : [],
        );
      expect(blocksOf('imprint')).toEqual(['imprint']);
      expect(blocksOf('privacy')).toEqual(['controller', 'third-party-tools']);
      // The address comes from the configuration only.
      for (const slug of ['imprint', 'privacy', 'terms']) {
        expect(contentPage(language, slug)?.html).not.toContain('Musterstraße');
      }
    },
  );

  it('addresses German readers formally in the legal texts (consumer and B2B shop alike)', () => {
    for (const slug of ['imprint', 'privacy']) {
      const page = contentPage('de', slug);
      const text = `${page?.description ?? ''} ${page?.html ?? ''}`;
      expect({ slug, informal: /\b(du|dein\w*|dich|dir)\b/i.exec(text)?.[0] }).toEqual({
        slug,
        informal: undefined,
      });
    }
  });
});
