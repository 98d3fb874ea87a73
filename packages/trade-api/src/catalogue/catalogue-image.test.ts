import { describe, expect, it } from 'vitest';
import { catalogueImageKinds } from '@tradein/contract';
import { buildCatalogue } from './build-catalogue.ts';
import { escapeXml, renderCatalogueImage } from './catalogue-image.ts';
import type { Catalogue } from './catalogue-model.ts';

const catalogue = buildCatalogue();

const entity = /&(?:amp|lt|gt|quot|apos);/g;
const attributes = /\s+[A-Za-z_:][\w:.-]*="[^"<]*"/g;

/** Problems that keep `xml` from being one well-formed element tree with every `&` an entity. */
function wellFormedProblems(xml: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  let roots = 0;
  for (const [token] of xml.matchAll(/<[^>]*>|[^<]+/g)) {
    if (!token.startsWith('<')) {
      if (stack.length === 0) problems.push(`text outside the root: ${token}`);
      if (/[&<>]/.test(token.replace(entity, ''))) problems.push(`unescaped text: ${token}`);
      continue;
    }
    const tag = /^<(\/?)([A-Za-z][\w:-]*)((?:\s+[A-Za-z_:][\w:.-]*="[^"<]*")*)\s*(\/?)>$/.exec(
      token,
    );
    if (tag === null) {
      problems.push(`malformed tag: ${token}`);
      continue;
    }
    const [, closing, name = '', attributeText = '', selfClosing] = tag;
    if (attributeText.replace(attributes, '').trim() !== '')
      problems.push(`bad attributes: ${token}`);
    if (/&/.test(attributeText.replace(entity, ''))) problems.push(`unescaped & in: ${token}`);
    if (closing === '/') {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open ?? ''}>`);
    } else {
      if (stack.length === 0) roots += 1;
      if (selfClosing !== '/') stack.push(name);
    }
  }
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(', ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

function expectWellFormed(xml: string): void {
  expect(wellFormedProblems(xml)).toEqual([]);
}

describe('renderCatalogueImage', () => {
  it.each(catalogueImageKinds)(
    'draws a well-formed, self-contained SVG for every sampled %s',
    (kind) => {
      const ids = {
        category: catalogue.categories.map((entry) => entry.id),
        manufacturer: catalogue.manufacturers.map((entry) => entry.id),
        series: catalogue.series.filter((_, index) => index % 5 === 0).map((entry) => entry.id),
        device: catalogue.devices.filter((_, index) => index % 40 === 0).map((entry) => entry.id),
      }[kind];
      for (const id of ids) {
        const svg = renderCatalogueImage(catalogue, kind, id);
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
        expectWellFormed(svg ?? '');
        expect(svg).not.toMatch(/<script|href=|url\(|on[a-z]+=|<style|<image|<foreignObject/i);
        expect((svg ?? '').length).toBeLessThan(4_000);
      }
    },
  );

  it('shows the model and variant of a device, with quotes escaped', () => {
    const device = catalogue.devices.find(
      (entry) => entry.name === 'Apple MacBook Air 13" M2 512 GB',
    );
    const svg = renderCatalogueImage(catalogue, 'device', device?.id ?? 0);
    expect(svg).toContain('MacBook Air 13&quot; M2');
    expect(svg).toContain('512 GB');
    const texts = [...(svg ?? '').matchAll(/>([^<]+)</g)].map((match) => match[1]);
    expect(texts.some((text) => text?.includes('"'))).toBe(false);
  });

  it('escapes <, & and " in names', () => {
    const device = catalogue.devices[0];
    if (device === undefined) throw new Error('empty catalogue');
    const hostile: Catalogue = {
      ...catalogue,
      devices: [{ ...device, model: '<script> & "Co"', variant: 'A&B <1>', name: 'x"<&' }],
    };
    const svg = renderCatalogueImage(hostile, 'device', device.id) ?? '';
    expectWellFormed(svg);
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('&amp;');
    expect(svg).toContain('&quot;Co&quot;');
    expect(svg).not.toContain('<script');
  });

  it('answers undefined for unknown entries', () => {
    for (const kind of catalogueImageKinds)
      expect(renderCatalogueImage(catalogue, kind, 987_654)).toBeUndefined();
  });

  it('is the same for the same entry', () => {
    const id = catalogue.devices[10]?.id ?? 0;
    expect(renderCatalogueImage(buildCatalogue(), 'device', id)).toBe(
      renderCatalogueImage(catalogue, 'device', id),
    );
  });
});

describe('the well-formedness check of these tests', () => {
  it.each([
    ['<svg><g></svg>', '</svg> closes <g>'],
    ['<svg>a & b</svg>', 'unescaped text: a & b'],
    ['<svg x="1"/><svg/>', '2 root elements'],
    ['<svg x=1/>', 'malformed tag: <svg x=1/>'],
  ])('rejects %s', (xml, problem) => {
    expect(wellFormedProblems(xml)).toContain(problem);
  });
});

describe('escapeXml', () => {
  it.each([
    ['a < b', 'a &lt; b'],
    ['Tom & Jerry', 'Tom &amp; Jerry'],
    ['13" M2', '13&quot; M2'],
    ["it's", 'it&apos;s'],
    ['&amp;', '&amp;amp;'],
  ])('escapes %s', (text, escaped) => {
    expect(escapeXml(text)).toBe(escaped);
  });
});
