import type { Catalogue } from '../catalogue/catalogue-model.ts';
import type { TradeDb } from '../db/create-database.ts';
import { loadCatalogue, loadPriceList } from '../db/load-catalogue.ts';
import {
  buildSearchIndexes,
  createCatalogueSearch,
  type SearchIndexes,
} from '../search/catalogue-search.ts';
import type { SearchFunction } from '../server/search-route.ts';
import { latestRevision, revisionKindsAfter } from './catalogue-change.ts';
import { runInSlices, slicedPause, type SliceShare } from './run-in-slices.ts';

/*
 * The catalogue an API node serves, kept in step with the database while the node runs
 * (docs/catalogue.md, "How a change reaches every node"). Every `pollMs` the node asks for
 * revisions newer than the one it serves. Only price revisions: it reads the price list again
 * and keeps its search indexes (the entries did not change). Any other: it reads the whole
 * catalogue and builds new indexes. Both happen in the background in slices of a few
 * milliseconds taking at most a quarter of a busy thread (run-in-slices.ts), so searches keep
 * being answered from the old snapshot; the new one replaces it in one assignment. A failed reload (the database away) keeps the old snapshot and tries again
 * at the next poll.
 */

/** What a node serves at one revision. */
export interface CatalogueSnapshot {
  /** The newest `catalogue_revisions` id the snapshot includes; 0 before the first seed. */
  revision: number;
  catalogue: Catalogue;
  indexes: SearchIndexes;
  search: SearchFunction;
}

/** The catalogue of a running node. */
export interface LiveCatalogue {
  /** The snapshot served now. */
  current(): CatalogueSnapshot;
  /** Searches the snapshot served now. */
  search: SearchFunction;
  /** Looks for newer revisions now and reloads when there are; resolves when done. */
  refresh(): Promise<void>;
  /** Stops watching. */
  close(): void;
}

/** Options of {@link openLiveCatalogue}. */
export interface LiveCatalogueOptions {
  /** How often to look for a newer revision; default 1 s. 0 turns watching off (tests). */
  pollMs?: number;
  /** How a reload shares the thread with requests; at least 4 and at most 25 ms of work between pauses, a quarter of a busy thread. */
  slices?: SliceShare;
  /** Where a failed reload is reported. */
  log?: (message: string) => void;
}

/** How often a node looks for a newer revision: within 1 s, plus the reload, of any change. */
const defaultPollMs = 1000;

/** A snapshot before it knows its revision ({@link stableSnapshot} adds it). */
type SnapshotContent = Omit<CatalogueSnapshot, 'revision'>;

/**
 * Reads and builds a snapshot in slices: only the prices onto `previous` (keeping its search
 * indexes), or the whole catalogue with new indexes.
 */
async function buildSnapshot(
  db: TradeDb,
  slices: SliceShare | undefined,
  previous?: CatalogueSnapshot,
  pricesOnly = false,
): Promise<SnapshotContent> {
  const pause = slicedPause(slices);
  if (pricesOnly && previous !== undefined) {
    const catalogue = await loadPriceList(db, previous.catalogue, { pause });
    return {
      catalogue,
      indexes: previous.indexes,
      search: createCatalogueSearch(catalogue, previous.indexes),
    };
  }
  const catalogue = await loadCatalogue(db, { pause });
  const indexes = await runInSlices(buildSearchIndexes(catalogue), pause);
  return { catalogue, indexes, search: createCatalogueSearch(catalogue, indexes) };
}

/**
 * Builds a snapshot from reads that saw one revision only: the newest revision is read before
 * and after, and a build that a change overtook is thrown away (undefined) to be done again
 * (SQLite reads in chunks outside a transaction). The snapshot carries the revision it read.
 */
async function stableSnapshot(
  db: TradeDb,
  build: () => Promise<SnapshotContent>,
): Promise<CatalogueSnapshot | undefined> {
  const before = (await latestRevision(db))?.id ?? 0;
  const built = await build();
  const after = (await latestRevision(db))?.id ?? 0;
  return after === before ? { ...built, revision: before } : undefined;
}

/**
 * Loads the stored catalogue with its search indexes and keeps it current: a change written by
 * any node or the operator command line is served by this node within `pollMs` plus the time of
 * the reload.
 */
export async function openLiveCatalogue(
  db: TradeDb,
  options: LiveCatalogueOptions = {},
): Promise<LiveCatalogue> {
  let first: CatalogueSnapshot | undefined;
  while (first === undefined) {
    first = await stableSnapshot(db, () => buildSnapshot(db, options.slices));
  }
  let snapshot = first;
  // Shared by the reload loop and the calls that ask for another round or close the watch.
  const state: { running?: Promise<void>; again: boolean; closed: boolean } = {
    again: false,
    closed: false,
  };

  async function reload(): Promise<void> {
    const kinds = await revisionKindsAfter(db, snapshot.revision);
    if (kinds.length === 0) return;
    const pricesOnly = kinds.every((kind) => kind === 'prices');
    const previous = snapshot;
    const next = await stableSnapshot(db, () =>
      buildSnapshot(db, options.slices, previous, pricesOnly),
    );
    if (state.closed) return;
    if (next === undefined) {
      // A change came in while reading: read again, deciding anew what to read.
      state.again = true;
      return;
    }
    snapshot = next;
  }

  /** One reload at a time; a request for another while one runs runs once more after it. */
  function refresh(): Promise<void> {
    if (state.running !== undefined) {
      state.again = true;
      return state.running;
    }
    const running = (async () => {
      try {
        do {
          state.again = false;
          await reload();
        } while (state.again && !state.closed);
      } finally {
        state.running = undefined;
      }
    })();
    state.running = running;
    return running;
  }

  const pollMs = options.pollMs ?? defaultPollMs;
  // One line when reloading starts to fail (the database away) and one when it works again.
  let failing = false;
  const timer =
    pollMs > 0
      ? setInterval(() => {
          refresh().then(
            () => {
              if (!failing) return;
              failing = false;
              options.log?.(`The catalogue reloads again (revision ${snapshot.revision})`);
            },
            (error: unknown) => {
              if (failing) return;
              failing = true;
              options.log?.(
                `Could not look for catalogue changes (${error instanceof Error ? error.message : String(error)}); serving revision ${snapshot.revision} and trying again every ${pollMs} ms`,
              );
            },
          );
        }, pollMs)
      : undefined;
  timer?.unref();

  return {
    current: () => snapshot,
    search: (query, application, resultSize) => snapshot.search(query, application, resultSize),
    refresh,
    close() {
      state.closed = true;
      if (timer !== undefined) clearInterval(timer);
    },
  };
}
