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

/**
 * The level a browse step names: urls (or ids written as digits) of the flow step. `categoryUrl`
 * may also be an aggregation url (docs/search.md): `<category>-<manufacturer>`, a bare
 * manufacturer url or a series url, as the `category` attribute of an overview page passes it.
 */
export interface BrowseStart {
  categoryUrl?: string | undefined;
  manufacturerUrl?: string | undefined;
  seriesUrl?: string | undefined;
}

/** A browse step with only the urls it names: what the flow keeps and the host routes by. */
export interface BrowseStep {
  categoryUrl?: string;
  manufacturerUrl?: string;
  seriesUrl?: string;
}

/** One model of a series: its variants (smallest storage first), shown as one choice. */
export interface BrowseModel {
  /** The model's first variant, for its name and thumbnail. */
  first: DeviceSummary;
  devices: readonly DeviceSummary[];
}

export interface BrowseStoreOptions {
  loadCategories(signal: AbortSignal): Promise<readonly Category[]>;
  loadDevices(series: Series, signal: AbortSignal): Promise<readonly DeviceSummary[]>;
  onChoose(device: DeviceSummary): void;
  /** Called with the step of the level the seller moves to (each level is a step of the flow). */
  onNavigate(step: BrowseStep): void;
  start?: BrowseStart;
}

/** One element's browsing: state, its level, and the actions the screen calls. */
export interface BrowseStore {
  readonly $state: ReadableAtom<BrowseState>;
  readonly $level: ReadableAtom<BrowseLevel>;
  /** The devices of the series grouped by model, in the order the API lists them. */
  readonly $models: ReadableAtom<readonly BrowseModel[]>;
  /** Loads the catalogue tree and shows the start; call once the screen shows. */
  load(): void;
  /** Shows the level a step names (the flow moved, or the host handed a step back). */
  show(start: BrowseStart): void;
  /** Repeats whatever load failed. */
  retry(): void;
  chooseCategory(category: Category): void;
  chooseManufacturer(manufacturer: Manufacturer): void;
  chooseSeries(series: Series): void;
  chooseDevice(device: DeviceSummary): void;
  /** Moves to `level` with the choices made above it (a breadcrumb, the way up). */
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

/** The level above each level but the top. */
export const parentLevel: Readonly<Record<Exclude<BrowseLevel, 'category'>, BrowseLevel>> = {
  manufacturer: 'category',
  series: 'manufacturer',
  model: 'series',
};

interface Choices {
  category: Category | undefined;
  manufacturer: Manufacturer | undefined;
  series: Series | undefined;
}

/**
 * What an aggregation url names in the tree, in the index's order of precedence: a category,
 * `<category>-<manufacturer>`, a bare manufacturer (its first category), a series.
 */
function aggregationOf(categories: readonly Category[], url: string): Choices | undefined {
  const category = categories.find((entry) => names(entry, url));
  if (category !== undefined) return { category, manufacturer: undefined, series: undefined };
  const pairs = categories.flatMap((entry) =>
    entry.manufacturers.map((manufacturer) => ({ category: entry, manufacturer })),
  );
  const found =
    pairs.find((pair) => `${pair.category.url}-${pair.manufacturer.url}` === url) ??
    pairs.find((pair) => pair.manufacturer.url === url);
  if (found !== undefined) return { ...found, series: undefined };
  for (const pair of pairs) {
    const series = pair.manufacturer.series.find((entry) => entry.url === url);
    if (series !== undefined) return { ...pair, series };
  }
  return undefined;
}

/** The choices a start names; an unknown value stops one level higher. */
function resolveStart(categories: readonly Category[], start: BrowseStart): Choices {
  const none: Choices = { category: undefined, manufacturer: undefined, series: undefined };
  if (start.categoryUrl === undefined) return none;
  const named = aggregationOf(categories, start.categoryUrl) ?? none;
  const manufacturer =
    named.manufacturer ??
    named.category?.manufacturers.find((entry) => names(entry, start.manufacturerUrl));
  const series =
    named.series ?? manufacturer?.series.find((entry) => names(entry, start.seriesUrl));
  return { category: named.category, manufacturer, series };
}

/** The flow step that shows `level` with the given choices above it. */
function stepOf(level: BrowseLevel, choices: Choices): BrowseStep {
  const step: BrowseStep = {};
  if (level === 'category' || choices.category === undefined) return step;
  step.categoryUrl = choices.category.url;
  if (level === 'manufacturer' || choices.manufacturer === undefined) return step;
  step.manufacturerUrl = choices.manufacturer.url;
  if (level === 'series' || choices.series === undefined) return step;
  step.seriesUrl = choices.series.url;
  return step;
}

/**
 * A series' devices grouped by model (the variants of one model name each other), in the order
 * of each model's first device; within a model, smallest storage first as the API lists them.
 */
export function modelsOf(devices: readonly DeviceSummary[]): BrowseModel[] {
  const byKey = new Map<string, DeviceSummary[]>();
  for (const device of devices) {
    const key = String(device.variants[0]?.id ?? device.id);
    const group = byKey.get(key);
    if (group === undefined) byKey.set(key, [device]);
    else group.push(device);
  }
  return [...byKey.values()].map((group) => {
    const order = new Map(group[0]?.variants.map((variant, index) => [variant.id, index]));
    const sorted = group.toSorted(
      (left, right) => (order.get(left.id) ?? 0) - (order.get(right.id) ?? 0),
    );
    return { first: sorted[0] as DeviceSummary, devices: sorted };
  });
}

/**
 * Creates the browsing of one element: category → manufacturer → series → model. The tree of
 * categories, manufacturers and series comes in one call; the devices of a series in another.
 * Each level is a step of the flow: a choice asks the flow for the next level's step
 * (`onNavigate`), and the screen shows whichever step the flow holds (`show`), so the host's
 * history has an entry per level.
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
  const $models = computed($state, (state) => modelsOf(state.devices));
  let start: BrowseStart = options.start ?? {};
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

  const applyStart = () => {
    const state = $state.get();
    if (state.categoriesStatus !== 'ready') return;
    const shownSeries = state.series;
    const choices = resolveStart(state.categories, start);
    update(choices);
    if (choices.series === undefined) {
      devicesCall?.abort();
      devicesCall = undefined;
    } else if (choices.series.id !== shownSeries?.id || state.devicesStatus === 'error') {
      void loadDevices(choices.series);
    }
  };

  const loadCategories = async () => {
    categoriesCall?.abort();
    const controller = new AbortController();
    categoriesCall = controller;
    update({ categoriesStatus: 'loading' });
    try {
      const categories = await options.loadCategories(controller.signal);
      if (categoriesCall !== controller) return;
      update({ categoriesStatus: 'ready', categories });
      applyStart();
    } catch {
      if (categoriesCall !== controller) return;
      update({ categoriesStatus: 'error' });
    }
  };

  const navigate = (level: BrowseLevel, choices: Partial<Choices>) =>
    options.onNavigate(stepOf(level, { ...$state.get(), ...choices }));

  return {
    $state,
    $level,
    $models,
    load() {
      void loadCategories();
    },
    show(next) {
      start = next;
      applyStart();
    },
    retry() {
      const state = $state.get();
      if (state.categoriesStatus === 'error') void loadCategories();
      else if (state.series !== undefined && state.devicesStatus === 'error') {
        void loadDevices(state.series);
      }
    },
    chooseCategory(category) {
      navigate('manufacturer', { category });
    },
    chooseManufacturer(manufacturer) {
      navigate('series', { manufacturer });
    },
    chooseSeries(series) {
      navigate('model', { series });
    },
    chooseDevice(device) {
      options.onChoose(device);
    },
    goTo(level) {
      navigate(level, {});
    },
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
