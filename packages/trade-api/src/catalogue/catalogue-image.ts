import type { Catalogue } from './catalogue-model.ts';
import type { CatalogueImageKind } from '@tradein/contract';
import { withManufacturer } from './assemble-catalogue.ts';
import type { CategoryKey } from './catalogue-texts.ts';
import { getCatalogueIndex } from './catalogue-view.ts';

/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Outline drawings (240 × 240 canvas, upper part) of a device of each category. */
const silhouettes: Record<CategoryKey, string> = {
  smartphones:
    '<rect x="88" y="22" width="64" height="124" rx="10" class="body"/><rect x="94" y="34" width="52" height="100" rx="3" class="screen"/><circle cx="120" cy="28" r="2" class="detail"/>',
  tablets:
    '<rect x="64" y="24" width="112" height="120" rx="10" class="body"/><rect x="72" y="32" width="96" height="104" rx="3" class="screen"/>',
  laptops:
    '<rect x="58" y="30" width="124" height="84" rx="6" class="body"/><rect x="66" y="38" width="108" height="68" rx="2" class="screen"/><path d="M40 118 H200 L188 134 H52 Z" class="body"/>',
  smartwatches:
    '<rect x="100" y="14" width="40" height="30" rx="6" class="detail"/><rect x="100" y="124" width="40" height="30" rx="6" class="detail"/><rect x="86" y="40" width="68" height="88" rx="18" class="body"/><rect x="94" y="50" width="52" height="68" rx="12" class="screen"/>',
  cameras:
    '<path d="M50 58 H96 L106 42 H140 L150 58 H190 V138 H50 Z" class="body"/><circle cx="120" cy="98" r="30" class="screen"/><circle cx="120" cy="98" r="16" class="detail"/>',
  consoles:
    '<path d="M56 66 Q120 52 184 66 Q206 120 190 140 Q176 150 156 124 H84 Q64 150 50 140 Q34 120 56 66 Z" class="body"/><circle cx="84" cy="92" r="10" class="detail"/><circle cx="156" cy="84" r="6" class="screen"/><circle cx="168" cy="98" r="6" class="screen"/>',
  headphones:
    '<path d="M66 110 V92 A54 54 0 0 1 174 92 V110" class="band"/><rect x="54" y="96" width="30" height="50" rx="12" class="body"/><rect x="156" y="96" width="30" height="50" rx="12" class="body"/>',
  'e-readers':
    '<rect x="74" y="20" width="92" height="126" rx="8" class="body"/><rect x="82" y="28" width="76" height="102" rx="2" class="screen"/><path d="M90 46 H150 M90 58 H150 M90 70 H150 M90 82 H136" class="lines"/>',
};

/** A manufacturer's badge: a round plate; the name below says who it is. */
const manufacturerBadge =
  '<circle cx="120" cy="84" r="58" class="body"/><circle cx="120" cy="84" r="46" class="screen"/>';

/** A soft, deterministic colour per manufacturer so images of one brand look alike. */
function hueOf(key: string): number {
  let hash = 0;
  for (let index = 0; index < key.length; index += 1)
    hash = (hash * 31 + key.charCodeAt(index)) % 360;
  return hash;
}

/** Breaks text into at most `maxLines` lines of about `width` characters, cutting with "…". */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter((part) => part !== '')) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (candidate.length <= width || current === '') current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current !== '') lines.push(current);
  if (lines.length <= maxLines)
    return lines.map((line) => (line.length > width ? `${line.slice(0, width - 1)}…` : line));
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1] ?? '';
  kept[maxLines - 1] = `${last.slice(0, width - 1)}…`;
  return kept;
}

/**
 * Paints the drawing's parts. Colours are presentation attributes, not a `<style>` element, so
 * the image renders the same under a Content-Security-Policy that forbids inline styles.
 */
function paint(drawing: string, hue: number): string {
  const paints: Record<string, string> = {
    body: `fill="hsl(${hue},35%,32%)"`,
    screen: `fill="hsl(${hue},45%,88%)"`,
    detail: `fill="hsl(${hue},25%,55%)"`,
    band: `fill="none" stroke="hsl(${hue},35%,32%)" stroke-width="10"`,
    lines: `fill="none" stroke="hsl(${hue},20%,60%)" stroke-width="4"`,
  };
  return drawing.replace(/class="([a-z]+)"/g, (match, part: string) => paints[part] ?? match);
}

function svgDocument(
  drawing: string,
  lines: readonly string[],
  hue: number,
  title: string,
): string {
  const text = lines
    .map((line, index) => {
      const look =
        index === 0 ? 'font-size="15" font-weight="600" fill="#222"' : 'font-size="13" fill="#555"';
      return `<text x="120" y="${176 + index * 20}" ${look}>${escapeXml(line)}</text>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    `<rect width="240" height="240" rx="16" fill="hsl(${hue},40%,96%)"/>` +
    paint(drawing, hue) +
    `<g font-family="system-ui, sans-serif" text-anchor="middle">${text}</g>` +
    `</svg>`
  );
}

/**
 * A small self-contained SVG for a catalogue entry (no scripts, no external references, all
 * text escaped), or undefined when the entry does not exist. Device images show the category's
 * silhouette with the model and variant; the name is the same in every edition.
 */
export function renderCatalogueImage(
  catalogue: Catalogue,
  kind: CatalogueImageKind,
  id: number,
): string | undefined {
  const index = getCatalogueIndex(catalogue);
  const categoryKeyOf = (categoryId: number): CategoryKey | undefined => {
    const key = index.categoriesById.get(categoryId)?.key;
    return key !== undefined && key in silhouettes ? (key as CategoryKey) : undefined;
  };
  switch (kind) {
    case 'category': {
      const category = index.categoriesById.get(id);
      const key = category === undefined ? undefined : categoryKeyOf(category.id);
      if (category === undefined || key === undefined) return undefined;
      // Category images carry no words: one image serves all four languages.
      return svgDocument(silhouettes[key], [], hueOf(key), category.key);
    }
    case 'manufacturer': {
      const manufacturer = index.manufacturersById.get(id);
      if (manufacturer === undefined) return undefined;
      const name = manufacturer.pages.de.name;
      const initial = escapeXml(name.slice(0, 1).toUpperCase());
      const drawing = `${manufacturerBadge}<text x="120" y="100" font-family="system-ui, sans-serif" font-size="44" font-weight="700" text-anchor="middle" fill="#222">${initial}</text>`;
      return svgDocument(drawing, wrap(name, 22, 2), hueOf(manufacturer.key), name);
    }
    case 'series': {
      const series = index.seriesById.get(id);
      const key = series === undefined ? undefined : categoryKeyOf(series.categoryId);
      const manufacturer =
        series === undefined ? undefined : index.manufacturersById.get(series.manufacturerId);
      if (series === undefined || key === undefined || manufacturer === undefined) return undefined;
      const title = withManufacturer(manufacturer.pages.de.name, series.pages.de.name);
      return svgDocument(silhouettes[key], wrap(title, 22, 3), hueOf(manufacturer.key), title);
    }
    case 'device': {
      const device = index.devicesById.get(id);
      const key = device === undefined ? undefined : categoryKeyOf(device.categoryId);
      const manufacturer =
        device === undefined ? undefined : index.manufacturersById.get(device.manufacturerId);
      if (device === undefined || key === undefined || manufacturer === undefined) return undefined;
      const modelName = withManufacturer(manufacturer.pages.de.name, device.model);
      const lines = [
        ...wrap(modelName, 22, 2),
        ...(device.variant === '' ? [] : wrap(device.variant, 28, 1)),
      ];
      return svgDocument(silhouettes[key], lines, hueOf(manufacturer.key), device.name);
    }
  }
}
