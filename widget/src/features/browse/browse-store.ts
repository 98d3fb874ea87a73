import type { Category, DeviceSummary, Manufacturer, Series } from '@tradein/contract';
import { atom, computed, type ReadableAtom } from 'nanostores';

/** The four levels of browsing, from the widest to the device. */
export type BrowseLevel = 'category' | 'manufacturer' | 'series' | 'model';

/** Status of one load. */
export type LoadStatus = 'loading' | 'ready' | 'error';

/** Everything the browse screen shows. */
export interface BrowseState {
  /** The catalogue tree (one call). */
  categoriesStatus: LoadStatus;
  categories: readonly Category[];
  category: Category | undefined;
  manufacturer: Manufacturer | undefined;
  series: Series | undefined;
  /** The devices of `series`, newest first. */
  devicesStatus: LoadStatus;
  devices: readonly DeviceSummary[];
}

/** Where browsing starts: urls (or ids) from the flow step or the `category` attribute. */
export interface BrowseStart {
  categoryUrl?: string | undefined;
  manufacturerUrl?: string | undefined;
  seriesUrl?: string | undefined;
}

export interface BrowseStoreOptions {
  loadCategories(signal: AbortSignal): Promise<readonly Category[]>;
  loadDevices(series: Series, signal: AbortSignal): Promise<readonly DeviceSummary[]>;
  onChoose(device: DeviceSummary): void;
  start?: BrowseStart;
}

/** One element's browsing: state, its level, and the actions the screen calls. */
export interface BrowseStore {
  readonly $state: ReadableAtom<BrowseState>;
  readonly $level: ReadableAtom<BrowseLevel>;
  /** Loads the catalogue tree and applies the start; call once the screen shows. */
  load(): void;
  /** Repeats whatever load failed. */
  retry(): void;
  chooseCategory(category: Category): void;
  chooseManufacturer(manufacturer: Manufacturer): void;
  chooseSeries(series: Series): void;
  chooseDevice(device: DeviceSummary): void;
  /** Goes up one level; returns false on the top level (the caller may leave the screen). */
  back(): boolean;
  /** Goes up to `level` (a breadcrumb). */
  goTo(level: BrowseLevel): void;
  /** Stops any load in flight. */
  dispose(): void;
}

/** Whether `entry` is the one a start value names: by url, or by id written as digits. */
function names(entry: { id: number; url: string }, value: string | undefined): boolean {
  return value !== undefined && (entry.url === value || String(entry.id) === value);
}

/** The level a state shows: the first choice not yet made. */
function levelOf(state: BrowseState): BrowseLevel {
  if (state.category === undefined) return 'category';
  if (state.manufacturer === undefined) return 'manufacturer';
  if (state.series === undefined) return 'series';
  return 'model';
}

/**
 * Creates the browsing of one element: category → manufacturer → series → model. The tree of
 * categories, manufacturers and series comes in one call; the devices of a series in another.
 * Levels are kept in the store (not in the flow), so the back button and the breadcrumbs move
 * within this screen and the flow's history keeps one entry for it.
 */
export function createBrowseStore(options: BrowseStoreOptions): BrowseStore {
  const $state = atom<BrowseState>({
    categoriesStatus: 'loading',
    categories: [],
    category: undefined,
    manufacturer: undefined,
    series: undefined,
    devicesStatus: 'loading',
    devices: [],
  });
  const $level = computed($state, levelOf);
  let categoriesCall: AbortController | undefined;
  let devicesCall: AbortController | undefined;

  const update = (patch: Partial<BrowseState>) => $state.set({ ...$state.get(), ...patch });

  const loadDevices = async (series: Series) => {
    devicesCall?.abort();
    const controller = new AbortController();
    devicesCall = controller;
    update({ devicesStatus: 'loading', devices: [] });
    try {
      const devices = await options.loadDevices(series, controller.signal);
      if (devicesCall !== controller) return;
      update({ devicesStatus: 'ready', devices });
    } catch {
      if (devicesCall !== controller) return;
      update({ devicesStatus: 'error' });
    }
  };

  const applyStart = (categories: readonly Category[]) => {
    const start = options.start ?? {};
    const category = categories.find((entry) => names(entry, start.categoryUrl));
    const manufacturer = category?.manufacturers.find((entry) =>
      names(entry, start.manufacturerUrl),
    );
    const series = manufacturer?.series.find((entry) => names(entry, start.seriesUrl));
    update({ categoriesStatus: 'ready', categories, category, manufacturer, series });
    if (series !== undefined) void loadDevices(series);
  };

  const loadCategories = async () => {
    categoriesCall?.abort();
    const controller = new AbortController();
    categoriesCall = controller;
    update({ categoriesStatus: 'loading' });
    try {
      const categories = await options.loadCategories(controller.signal);
      if (categoriesCall !== controller) return;
      applyStart(categories);
    } catch {
      if (categoriesCall !== controller) return;
      update({ categoriesStatus: 'error' });
    }
  };

  const goTo = (level: BrowseLevel) => {
    const state = $state.get();
    if (level !== 'model') {
      devicesCall?.abort();
      devicesCall = undefined;
    }
    update({
      category: level === 'category' ? undefined : state.category,
      manufacturer:
        level === 'category' || level === 'manufacturer' ? undefined : state.manufacturer,
      series: level === 'model' ? state.series : undefined,
    });
  };

  return {
    $state,
    $level,
    load() {
      void loadCategories();
    },
    retry() {
      const state = $state.get();
      if (state.categoriesStatus === 'error') void loadCategories();
      else if (state.series !== undefined && state.devicesStatus === 'error') {
        void loadDevices(state.series);
      }
    },
    chooseCategory(category) {
      update({ category, manufacturer: undefined, series: undefined });
    },
    chooseManufacturer(manufacturer) {
      update({ manufacturer, series: undefined });
    },
    chooseSeries(series) {
      update({ series });
      void loadDevices(series);
    },
    chooseDevice(device) {
      options.onChoose(device);
    },
    back() {
      const level = $level.get();
      if (level === 'category') return false;
      const up: Record<Exclude<BrowseLevel, 'category'>, BrowseLevel> = {
        manufacturer: 'category',
        series: 'manufacturer',
        model: 'series',
      };
      goTo(up[level]);
      return true;
    },
    goTo,
    dispose() {
      categoriesCall?.abort();
      devicesCall?.abort();
      categoriesCall = undefined;
      devicesCall = undefined;
    },
  };
}

/**
 * The heading of a manufacturer's series list. The edition's `popTitleException` labels (for
 * example "Apple iPhone verkaufen") replace it when every series of the manufacturer is an
 * iPhone or every one an iPad, which is how the shop titles those two category pages.
 */
export function popTitleOf(
  manufacturer: Manufacturer,
  labels: { iphone: string; ipad: string },
): string | undefined {
  const all = (prefix: string) =>
    manufacturer.series.length > 0 &&
    manufacturer.series.every((series) => series.name.toLowerCase().startsWith(prefix));
  if (all('iphone')) return labels.iphone;
  if (all('ipad')) return labels.ipad;
  return undefined;
}
