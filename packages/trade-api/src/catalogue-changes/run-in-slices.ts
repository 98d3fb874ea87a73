import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Runs a generator of work that pauses between steps, handing the thread back to the event loop
 * whenever a slice of `sliceMs` is used up, so requests arriving meanwhile wait at most about
 * one slice. Answers what the generator returns.
 */
export async function runInSlices<T>(
  steps: Generator<undefined, T, undefined>,
  sliceMs: number,
): Promise<T> {
  let sliceEnds = performance.now() + sliceMs;
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    if (performance.now() >= sliceEnds) {
      await nextTurn();
      sliceEnds = performance.now() + sliceMs;
    }
  }
}
