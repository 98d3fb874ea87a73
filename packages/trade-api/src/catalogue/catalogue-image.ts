import type { Catalogue, CatalogueDevice } from './catalogue-model.ts';
import type { CatalogueImageKind } from '@tradein/contract';
import { withManufacturer } from './assemble-catalogue.ts';
import { categoryKeys, type CategoryKey } from './catalogue-texts.ts';
import { getCatalogueIndex } from './catalogue-view.ts';
import { illustrationOf, illustrationPalette } from './device-illustrations.ts';
import { categoryKind, deviceKind, type DeviceKind } from './device-kind.ts';

/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * The SVG of a kind's drawing on its tile. The title names the entry for the rare reader that
 * shows the SVG inline; pages show it as an `<img>` with their own alt text.
 */
export function illustrationSvg(kind: DeviceKind, title: string): string {
  const { ink, body, tile } = illustrationPalette;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    `<rect width="240" height="240" rx="24" fill="${tile}"/>` +
    `<g fill="${body}" stroke="${ink}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round">` +
    illustrationOf(kind) +
    `</g></svg>`
  );
}

/**
 * What the drawings of a catalogue need beyond its index: the first device of each series and
 * each manufacturer's main category (the one with most of its models).
 */
interface DrawingIndex {
  firstDeviceBySeries: ReadonlyMap<number, CatalogueDevice>;
  mainCategoryByManufacturer: ReadonlyMap<number, number>;
}

const drawingIndexes = new WeakMap<Catalogue, DrawingIndex>();

function getDrawingIndex(catalogue: Catalogue): DrawingIndex {
  const cached = drawingIndexes.get(catalogue);
  if (cached !== undefined) return cached;
  const firstDeviceBySeries = new Map<number, CatalogueDevice>();
  const counts = new Map<number, Map<number, number>>();
  const countedModels = new Set<string>();
  for (const device of catalogue.devices) {
    if (!firstDeviceBySeries.has(device.seriesId)) firstDeviceBySeries.set(device.seriesId, device);
    // Models, not variants: a tablet in twelve storage and network variants is one model.
    if (countedModels.has(device.modelKey)) continue;
    countedModels.add(device.modelKey);
    const perCategory = counts.get(device.manufacturerId) ?? new Map<number, number>();
    perCategory.set(device.categoryId, (perCategory.get(device.categoryId) ?? 0) + 1);
    counts.set(device.manufacturerId, perCategory);
  }
  const mainCategoryByManufacturer = new Map<number, number>();
  for (const [manufacturerId, perCategory] of counts) {
    // Most devices wins; a tie goes to the category listed first.
    const [main] = [...perCategory].toSorted(
      (left, right) => right[1] - left[1] || left[0] - right[0],
    );
    if (main !== undefined) mainCategoryByManufacturer.set(manufacturerId, main[0]);
  }
  const index: DrawingIndex = { firstDeviceBySeries, mainCategoryByManufacturer };
  drawingIndexes.set(catalogue, index);
  return index;
}

function isCategoryKey(key: string): key is CategoryKey {
  return (categoryKeys as readonly string[]).includes(key);
}

/**
 * A small self-contained SVG for a catalogue entry (no scripts, no external references, no
 * text but the escaped title), or undefined when the entry does not exist. A device or series
 * shows the drawing of its kind (`deviceKind`), a category its typical kind, a manufacturer
 * the category it has most models in; no image carries a brand's logo or lettering.
 */
export function renderCatalogueImage(
  catalogue: Catalogue,
  kind: CatalogueImageKind,
  id: number,
): string | undefined {
  const index = getCatalogueIndex(catalogue);
  const categoryKeyOf = (categoryId: number | undefined): CategoryKey | undefined => {
    const key = categoryId === undefined ? undefined : index.categoriesById.get(categoryId)?.key;
    return key !== undefined && isCategoryKey(key) ? key : undefined;
  };
  switch (kind) {
    case 'category': {
      const category = index.categoriesById.get(id);
      const key = categoryKeyOf(category?.id);
      if (category === undefined || key === undefined) return undefined;
      return illustrationSvg(categoryKind[key], category.pages.de.name);
    }
    case 'manufacturer': {
      const manufacturer = index.manufacturersById.get(id);
      if (manufacturer === undefined) return undefined;
      const mainCategory = getDrawingIndex(catalogue).mainCategoryByManufacturer.get(id);
      const key = categoryKeyOf(mainCategory) ?? 'smartphones';
      return illustrationSvg(categoryKind[key], manufacturer.pages.de.name);
    }
    case 'series': {
      const series = index.seriesById.get(id);
      const key = categoryKeyOf(series?.categoryId);
      const manufacturer =
        series === undefined ? undefined : index.manufacturersById.get(series.manufacturerId);
      if (series === undefined || key === undefined || manufacturer === undefined) return undefined;
      const first = getDrawingIndex(catalogue).firstDeviceBySeries.get(id);
      const drawn = deviceKind({
        category: key,
        series: series.pages.de.name,
        model: first?.model ?? '',
      });
      return illustrationSvg(
        drawn,
        withManufacturer(manufacturer.pages.de.name, series.pages.de.name),
      );
    }
    case 'device': {
      const device = index.devicesById.get(id);
      const key = categoryKeyOf(device?.categoryId);
      const series = device === undefined ? undefined : index.seriesById.get(device.seriesId);
      if (device === undefined || key === undefined) return undefined;
      const drawn = deviceKind({
        category: key,
        series: series?.pages.de.name ?? '',
        model: device.model,
      });
      return illustrationSvg(drawn, device.name);
    }
  }
}
