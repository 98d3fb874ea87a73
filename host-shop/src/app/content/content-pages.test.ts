import { describe, expect, it } from 'vitest';
import { contentPage } from './content-pages.server.ts';
import { contentSlugs } from './content-slugs.ts';
import { markdownToSafeHtml } from './markdown.server.ts';

describe('contentPage', () => {
  const languages = ['de', 'es', 'fr', 'it'] as const;

  it.each(languages)(
    'has every page of §2 in %s, with a title, description and body',
    (language) => {
      const titles = new Set<string>();
      for (const slug of contentSlugs) {
        const page = contentPage(language, slug);
        expect(page, `${language}/${slug}`).toBeDefined();
        expect(page?.title).toMatch(/\S/);
        // A meta description search engines show whole.
        expect(page?.description.length).toBeGreaterThanOrEqual(50);
        expect(page?.description.length).toBeLessThanOrEqual(170);
        expect(page?.html).toContain('<h2>');
        titles.add(page?.title ?? '');
      }
      expect(titles.size).toBe(contentSlugs.length);
    },
  );

  it('reads the German pages for English, and nothing for an unknown slug', () => {
    expect(contentPage('en', 'imprint')).toEqual(contentPage('de', 'imprint'));
    expect(contentPage('de', 'no-such-page')).toBeUndefined();
    expect(contentPage('de', '../de/imprint')).toBeUndefined();
  });

  it('writes each language in its own words', () => {
    expect(contentPage('de', 'privacy')?.title).not.toBe(contentPage('fr', 'privacy')?.title);
    expect(contentPage('it', 'how-it-works')?.html).toContain('href="/contatti"');
  });
});

describe('markdownToSafeHtml', () => {
  it('keeps headings, lists, emphasis and links', () => {
    expect(
      markdownToSafeHtml('## Title\n\n- **one**\n- [two](/content/terms)\n\n[mail](mailto:a@b.de)'),
    ).toBe(
      '<h2>Title</h2>\n<ul>\n<li><strong>one</strong></li>\n<li><a href="/content/terms">two</a></li>\n</ul>\n<p><a href="mailto:a@b.de">mail</a></p>\n',
    );
  });

  it.each([
    ['a script', '<script>alert(1)</script>text', 'text'],
    ['an event handler', '<p onclick="alert(1)">text</p>', '<p>text</p>'],
    ['a javascript: link', '[click](javascript:alert(1))', '<p><a>click</a></p>\n'],
    ['an image', '![x](https://evil.example/x.png)', '<p></p>\n'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', ''],
    ['a style attribute', '<p style="position:fixed">text</p>', '<p>text</p>'],
  ])('removes %s', (_case, markdown, html) => {
    expect(markdownToSafeHtml(markdown)).toBe(html);
  });
});
