import { setImmediate as nextTurn } from 'node:timers/promises';

/** How background work shares the thread with the requests a node serves. */
export interface SliceShare {
  /** Shortest stretch of work between two pauses, in ms. */
  minSliceMs: number;
  /** Longest stretch of work between two pauses, in ms: what a waiting request may lose at most. */
  maxSliceMs: number;
  /** The share of the thread the work takes while requests keep it busy (0–1). */
  share: number;
}

/**
 * The default share: at least 4 ms, at most 25 ms between pauses, and a quarter of the thread.
 * On an idle node the work runs in 4 ms slices one after another; on a node busy with requests
 * each slice lasts a third of the time the requests took since the last one, so a rebuild still
 * progresses and a request waits at most 25 ms longer.
 */
const defaultSliceShare: SliceShare = { minSliceMs: 4, maxSliceMs: 25, share: 0.25 };

/**
 * A pause to await between small steps of background work: it returns at once while the current
 * slice lasts, and otherwise lets the event loop run what waits (requests) before the next
 * slice, whose length follows {@link SliceShare}.
 */
export function slicedPause(share: SliceShare = defaultSliceShare): () => Promise<void> {
  let sliceEnds = performance.now() + share.minSliceMs;
  return async () => {
    const now = performance.now();
    if (now < sliceEnds) return;
    await nextTurn();
    const resumed = performance.now();
    const waited = resumed - now;
    const slice = Math.min(
      share.maxSliceMs,
      Math.max(share.minSliceMs, (waited * share.share) / (1 - share.share)),
    );
    sliceEnds = resumed + slice;
  };
}

/**
 * Runs a generator of work that pauses between steps, handing the thread back to the event loop
 * between slices ({@link slicedPause}). Answers what the generator returns.
 */
export async function runInSlices<T>(
  steps: Generator<undefined, T, undefined>,
  pause: () => Promise<void> = slicedPause(),
): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    await pause();
  }
}

/** Runs a generator of work to its end without pausing; answers what it returns. */
export function runAtOnce<T>(steps: Generator<undefined, T, undefined>): T {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}
