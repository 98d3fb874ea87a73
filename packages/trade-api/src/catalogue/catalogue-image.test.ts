import { describe, expect, it } from 'vitest';
import { catalogueImageKinds } from '@tradein/contract';
import { buildCatalogue } from './build-catalogue.ts';
import { escapeXml, illustrationSvg, renderCatalogueImage } from './catalogue-image.ts';
import type { Catalogue } from './catalogue-model.ts';
import { categoryKeys } from './catalogue-texts.ts';
import { illustrationOf } from './device-illustrations.ts';
import { categoryKind, deviceKinds, type DeviceKind } from './device-kind.ts';

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

/** The series of that name in the seed catalogue. */
const series = (name: string) => catalogue.series.find((entry) => entry.pages.de.name === name);
/** The kind whose drawing an entry's image shows. */
const drawnAs = (kind: 'series' | 'category', id: number | undefined) =>
  deviceKinds.find((candidate) =>
    renderCatalogueImage(catalogue, kind, id ?? 0)?.includes(illustrationOf(candidate)),
  );
/** The manufacturer with that key in the seed catalogue. */
const byKey = (key: string) => catalogue.manufacturers.find((entry) => entry.key === key);

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
        expect((svg ?? '').length).toBeLessThan(3_000);
      }
    },
  );

  it('draws no text: the only words are the title, pages print names beside the image', () => {
    for (const kind of catalogueImageKinds) {
      const first = {
        category: catalogue.categories[0],
        manufacturer: catalogue.manufacturers[0],
        series: catalogue.series[0],
        device: catalogue.devices[0],
      }[kind];
      const svg = renderCatalogueImage(catalogue, kind, first?.id ?? 0) ?? '';
      expect(svg).not.toMatch(/<text|font-size|font-family/);
      expect(svg.replace(/<title>[^<]*<\/title>/, '').replace(/<[^>]*>/g, '')).toBe('');
    }
  });

  it('draws each device as its kind, with its name as the title', () => {
    const device = catalogue.devices.find(
      (entry) => entry.name === 'Apple MacBook Air 13" M2 512 GB',
    );
    const svg = renderCatalogueImage(catalogue, 'device', device?.id ?? 0) ?? '';
    expect(svg).toContain(illustrationOf('laptop-thin'));
    expect(svg).toContain('<title>Apple MacBook Air 13&quot; M2 512 GB</title>');
  });

  it('draws a series as the kind of its first model, a category as its typical kind', () => {
    expect(drawnAs('series', series('iPhone 16')?.id)).toBe('phone-island');
    expect(drawnAs('series', series('Galaxy Z Flip')?.id)).toBe('phone-flip');
    expect(drawnAs('series', series('Switch')?.id)).toBe('console-hybrid');
    for (const category of catalogue.categories)
      expect(drawnAs('category', category.id)).toBe(
        categoryKind[category.key as (typeof categoryKeys)[number]],
      );
  });

  it('draws a manufacturer as the category it sells most of, without its name or initial', () => {
    const expectations: ReadonlyArray<readonly [string, DeviceKind]> = [
      ['apple', 'phone-punch-hole'],
      ['canon', 'camera-mirrorless'],
      ['nintendo', 'console-controller'],
      ['kobo', 'e-reader'],
      ['bose', 'headphones-over-ear'],
    ];
    for (const [key, kind] of expectations) {
      const manufacturer = byKey(key);
      const svg = renderCatalogueImage(catalogue, 'manufacturer', manufacturer?.id ?? 0) ?? '';
      expect(svg).toBe(illustrationSvg(kind, manufacturer?.pages.de.name ?? ''));
    }
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
    expect(svg).toContain('<title>x&quot;&lt;&amp;</title>');
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

describe('the drawings', () => {
  const drawings = deviceKinds.map((kind) => illustrationSvg(kind, kind));

  it('are one distinct drawing per kind, and per category', () => {
    expect(new Set(deviceKinds.map(illustrationOf)).size).toBe(deviceKinds.length);
    const categoryDrawings = categoryKeys.map((key) => illustrationOf(categoryKind[key]));
    expect(new Set(categoryDrawings).size).toBe(categoryKeys.length);
  });

  it.each(deviceKinds)('draws %s as small, well-formed SVG without text', (kind) => {
    const svg = illustrationSvg(kind, kind);
    expectWellFormed(svg);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 240 240"/);
    expect(svg).toContain(' role="img"><title>');
    expect(svg).not.toMatch(/<text|<script|href=|url\(|on[a-z]+=|<style|<image|<foreignObject/i);
    expect(svg.length).toBeLessThan(3_000);
  });

  it('keep every shape inside the 240 × 240 canvas', () => {
    for (const svg of drawings)
      for (const [, name, value] of svg.matchAll(/ (x|y|cx|cy)="(-?[\d.]+)"/g))
        expect([name, Number(value)]).toEqual([
          name,
          expect.toSatisfy((n: number) => n >= 0 && n <= 240),
        ]);
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
