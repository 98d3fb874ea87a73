import type { DeviceSummary, DeviceVariant } from '@tradein/contract';
import { atom, type ReadableAtom } from 'nanostores';

/** Where a search stands: nothing typed, waiting, results, no results, or the call failed. */
export type SearchStatus = 'idle' | 'loading' | 'ready' | 'empty' | 'error';

/** One option of the result list: a variant of a model the search found. */
export interface SearchOption {
  /** The model's hit (the variant the search matched best, with all of the model's variants). */
  hit: DeviceSummary;
  /** The variant this option chooses. */
  variant: DeviceVariant;
}

/**
 * The options of a result list, in the order the arrow keys walk them: each model's variants,
 * smallest storage first (as the API lists them), models in the order found. A model whose
 * answer names no variants stands for itself.
 */
export function searchOptionsOf(results: readonly DeviceSummary[]): SearchOption[] {
  return results.flatMap((hit) =>
    (hit.variants.length > 0 ? hit.variants : [hit]).map((variant) => ({
      hit,
      variant: {
        id: variant.id,
        url: variant.url,
        variant: variant.variant,
        bestPriceCents: variant.bestPriceCents,
      },
    })),
  );
}

/** Everything the search screen shows. */
export interface SearchState {
  /** The text in the box, as typed. */
  query: string;
  /** The text the shown results (or the failure) belong to. */
  resultQuery: string;
  /** The models found, best first. */
  results: readonly DeviceSummary[];
  /** Every variant of `results` as one option each. */
  options: readonly SearchOption[];
  status: SearchStatus;
  /** Whether the result list is open (Escape closes it without clearing the text). */
  open: boolean;
  /** Index of the active option in `options`, -1 for none. */
  activeIndex: number;
}

/** Runs one device search; must reject (or stop) when `signal` aborts. */
export type DeviceSearch = (text: string, signal: AbortSignal) => Promise<readonly DeviceSummary[]>;

export interface SearchStoreOptions {
  search: DeviceSearch;
  /** Called with the variant the seller chose. */
  onChoose: (variant: DeviceVariant) => void;
  /** Quiet time after the last keystroke before searching. Default 150 ms. */
  debounceMs?: number;
}

/** Keys the combobox handles itself; every other key (Home, End, letters) edits the text. */
export type SearchKey = 'ArrowDown' | 'ArrowUp' | 'Enter' | 'Escape';

/** One element's search: state plus the actions the screen calls. */
export interface SearchStore {
  readonly $state: ReadableAtom<SearchState>;
  /** The seller typed: searches after the debounce, cancelling any older search. */
  setQuery(text: string): void;
  /** Searches the current text again at once (the retry button). */
  retry(): void;
  /** Applies a key of the combobox; returns whether it was handled (then prevent its default). */
  pressKey(key: SearchKey): boolean;
  /** Chooses the option at `index`. */
  choose(index: number): void;
  /** Makes the option at `index` the active one (pointer hover). */
  activate(index: number): void;
  /** Closes the list (focus left the box). */
  close(): void;
  /** Stops the timer and any call in flight. */
  dispose(): void;
}

/** Longest text the search accepts (the contract's limit), in code points. */
const maxTextLength = 100;

const initialState: SearchState = {
  query: '',
  resultQuery: '',
  results: [],
  options: [],
  status: 'idle',
  open: false,
  activeIndex: -1,
};

/** The text sent to the search: trimmed, cut to the contract's limit; '' when there is none. */
export function searchTextOf(query: string): string {
  return [...query.trim()].slice(0, maxTextLength).join('').trim();
}

/**
 * Creates the search of one element (two widgets on a page are independent). Typing waits
 * `debounceMs` of quiet, then searches; a newer search aborts the older one, and an older answer
 * that arrives anyway never replaces a newer one.
 */
export function createSearchStore(options: SearchStoreOptions): SearchStore {
  const debounceMs = options.debounceMs ?? 150;
  const $state = atom<SearchState>(initialState);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  let generation = 0;

  const update = (patch: Partial<SearchState>) => $state.set({ ...$state.get(), ...patch });

  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    inFlight?.abort();
    inFlight = undefined;
    generation += 1;
  };

  const run = async (text: string) => {
    cancel();
    const mine = generation;
    const controller = new AbortController();
    inFlight = controller;
    update({ status: 'loading' });
    try {
      const results = await options.search(text, controller.signal);
      if (mine !== generation) return;
      update({
        results,
        options: searchOptionsOf(results),
        resultQuery: text,
        status: results.length > 0 ? 'ready' : 'empty',
        open: true,
        activeIndex: -1,
      });
    } catch {
      if (mine !== generation) return;
      update({
        results: [],
        options: [],
        resultQuery: text,
        status: 'error',
        open: true,
        activeIndex: -1,
      });
    } finally {
      if (inFlight === controller) inFlight = undefined;
    }
  };

  const schedule = (text: string) => {
    cancel();
    update({ status: 'loading' });
    timer = setTimeout(() => {
      timer = undefined;
      void run(text);
    }, debounceMs);
  };

  const choose = (index: number) => {
    const option = $state.get().options[index];
    if (option === undefined) return;
    update({ open: false, activeIndex: -1 });
    options.onChoose(option.variant);
  };

  const move = (delta: 1 | -1) => {
    const { options: shown, open, activeIndex } = $state.get();
    const count = shown.length;
    if (count === 0) return;
    if (!open) {
      update({ open: true, activeIndex: delta === 1 ? 0 : count - 1 });
      return;
    }
    const next =
      activeIndex === -1 ? (delta === 1 ? 0 : count - 1) : (activeIndex + delta + count) % count;
    update({ activeIndex: next });
  };

  return {
    $state,
    setQuery(query) {
      const text = searchTextOf(query);
      update({ query, activeIndex: -1, open: text.length > 0 });
      if (text.length === 0) {
        cancel();
        update({ status: 'idle', results: [], options: [], resultQuery: '' });
        return;
      }
      schedule(text);
    },
    retry() {
      const text = searchTextOf($state.get().query);
      if (text.length > 0) void run(text);
    },
    pressKey(key) {
      const state = $state.get();
      switch (key) {
        case 'ArrowDown':
          move(1);
          return state.options.length > 0;
        case 'ArrowUp':
          move(-1);
          return state.options.length > 0;
        case 'Enter':
          if (!state.open || state.activeIndex === -1) return false;
          choose(state.activeIndex);
          return true;
        case 'Escape':
          if (state.open) {
            update({ open: false, activeIndex: -1 });
            return true;
          }
          if (state.query === '') return false;
          cancel();
          $state.set(initialState);
          return true;
      }
    },
    choose,
    activate(index) {
      if (index >= 0 && index < $state.get().options.length) update({ activeIndex: index });
    },
    close() {
      update({ open: false, activeIndex: -1 });
    },
    dispose: cancel,
  };
}
