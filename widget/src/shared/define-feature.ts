import type { Messages } from '@lingui/core';
import type { ComponentType } from 'react';
import { widgetCatalogs, type WidgetCatalog } from '../i18n/widget-language.ts';
import type { Feature } from './lazy-feature.tsx';
import { sharedStyleSheet } from './style-sheet.ts';

/** Catalog modules by path, as `import.meta.glob('./locales/*.po')` lists them. */
export type CatalogModules = Readonly<Record<string, () => Promise<unknown>>>;

type CatalogLoader = () => Promise<{ messages: Messages }>;

/** What a feature module declares: its screen, its own CSS and its `locales/` folder. */
export interface FeatureParts<Props> {
  Screen: ComponentType<Props>;
  /** The feature's own stylesheet, imported with `?inline`. */
  css: string;
  catalogs: CatalogModules;
  /** Sheets shared with other features, adopted before the feature's own. */
  sharedSheets?: readonly (() => CSSStyleSheet)[];
}

/** The catalog a path stands for: `./locales/de.po` → `de`, `./locales/de-formal.po` → `de-formal`. */
function languageOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.po$/, '');
}

function isCatalog(module: unknown): module is { messages: Messages } {
  if (typeof module !== 'object' || module === null || !('messages' in module)) return false;
  return typeof module.messages === 'object' && module.messages !== null;
}

/** A glob's loader, checked to give what a compiled lingui catalog exports. */
function catalogLoader(path: string, load: () => Promise<unknown>): CatalogLoader {
  return async () => {
    const module = await load();
    if (!isCatalog(module)) throw new Error(`${path} is not a compiled message catalog.`);
    return module;
  };
}

/**
 * A feature loaded on demand (see {@link Feature}): one stylesheet made on first use and one
 * catalog per widget catalog (each language, and formal German). A missing one fails when the
 * module loads, so a feature cannot ship without a catalog the element may ask for.
 */
export function defineFeature<Props>(parts: FeatureParts<Props>): Feature<Props> {
  const byLanguage = new Map(
    Object.entries(parts.catalogs).map(([path, load]) => [
      languageOf(path),
      catalogLoader(path, load),
    ]),
  );
  const catalogs = Object.fromEntries(
    widgetCatalogs.map((catalog) => {
      const load = byLanguage.get(catalog);
      if (load === undefined) throw new Error(`The feature has no ${catalog}.po catalog.`);
      return [catalog, load];
    }),
  ) as Record<WidgetCatalog, CatalogLoader>;
  const ownSheet = sharedStyleSheet(parts.css);
  const sharedSheets = parts.sharedSheets ?? [];
  return {
    Screen: parts.Screen,
    styleSheets: () => [...sharedSheets.map((sheet) => sheet()), ownSheet()],
    catalogs,
  };
}
