// What makes the Lighthouse gate independent of the machine that runs it (docs/benchmarks.md,
// "Shop pages"): a trace rewritten to the main thread's CPU time, and the CPU slowdown that
// emulates the same phone on a faster or slower processor.

/**
 * The CPU benchmark of the machine the budgets were set on (a 2-core machine of the project's
 * kind): {@link cpuBenchmarkIndex} read 1,752 to 2,401 at the start of the Lighthouse step of
 * `npm test` there, quiet or with another CPU-bound process (2,600 to 2,850 in a process of its
 * own). Lighthouse's default 4x CPU slowdown is applied to a machine of this speed; a faster one
 * gets more, a slower one less.
 */
export const referenceCpuBenchmarkIndex = 2400;

/** Lighthouse's default CPU slowdown of its mobile profile. */
export const defaultCpuSlowdown = 4;

/** The CPU time this thread has used, in milliseconds. */
const threadCpuMs = () => {
  const usage = process.threadCpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** How many strings of 10,000 characters, built one by one, this thread makes a CPU second (/10). */
function stringLoop() {
  const start = threadCpuMs();
  let iterations = 0;
  while (threadCpuMs() - start < 500) {
    let text = '';
    for (let index = 0; index < 10000; index += 1) text += 'a';
    if (text.length === 1) throw new Error('never: keeps the loop from being optimised away');
    iterations += 1;
  }
  return iterations / 10 / ((threadCpuMs() - start) / 1000);
}

/** How many arrays of 100,000 numbers this thread copies a CPU second (/10). */
function arrayLoop() {
  const first = [];
  const second = [];
  for (let index = 0; index < 100000; index += 1) first[index] = second[index] = index;
  const start = threadCpuMs();
  let iterations = 0;
  while (iterations % 10 !== 0 || threadCpuMs() - start < 500) {
    const source = iterations % 2 === 0 ? first : second;
    const target = iterations % 2 === 0 ? second : first;
    for (let index = 0; index < source.length; index += 1) target[index] = source[index];
    iterations += 1;
  }
  return iterations / 10 / ((threadCpuMs() - start) / 1000);
}

/** One reading of the benchmark: the mean of its two loops. */
function benchmarkReading() {
  return (stringLoop() + arrayLoop()) / 2;
}

/**
 * Lighthouse's BenchmarkIndex (core/lib/page-functions.js, `computeBenchmarkIndex`: a string
 * built in a loop, an array copied in a loop, each for half a second) counted per second of this
 * thread's CPU time instead of wall-clock time, so another process on the machine does not
 * lower it. Returns the median of `rounds` readings after one to warm up the JIT.
 */
export function cpuBenchmarkIndex(rounds = 5) {
  benchmarkReading();
  const readings = Array.from({ length: rounds }, benchmarkReading).toSorted((a, b) => a - b);
  return Math.round(readings[Math.floor(rounds / 2)]);
}

/** The CPU slowdown that makes a machine of `benchmarkIndex` emulate the reference phone. */
export function calibratedCpuSlowdown(benchmarkIndex) {
  const slowdown = (defaultCpuSlowdown * benchmarkIndex) / referenceCpuBenchmarkIndex;
  return Math.round(Math.min(16, Math.max(1, slowdown)) * 100) / 100;
}

/** The task of a thread's sorted tasks whose span holds `ts` (tasks of one thread never overlap). */
function taskAt(tasks, ts) {
  let low = 0;
  let high = tasks.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const task = tasks[middle];
    if (ts < task.ts) high = middle - 1;
    else if (ts > task.ts + task.dur) low = middle + 1;
    else return task;
  }
  return undefined;
}

/**
 * A Chromium trace in which every task of a renderer's main thread (`RunTask` on
 * `CrRendererMain`) lasts as long as the thread ran on a CPU (the event's `tdur`, thread time)
 * rather than as long as it took on the wall clock (`dur`). Events inside a task are moved and
 * shortened in proportion, so they stay nested; events between tasks and on other threads are
 * unchanged. On a busy machine a task's wall time also holds the time the thread waited for a
 * core, which the page did not cause; its CPU time does not.
 *
 * Returns the trace and the main threads' task time before and after (milliseconds).
 */
export function traceOnCpuTime(trace) {
  const events = trace.traceEvents;
  const mainThreads = new Set(
    events
      .filter(
        (event) =>
          event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
      )
      .map((event) => `${event.pid}:${event.tid}`),
  );
  /** @type {Map<string, Array<{ ts: number; dur: number; ratio: number }>>} */
  const tasksByThread = new Map();
  let wallMs = 0;
  let cpuMs = 0;
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph !== 'X' || event.name !== 'RunTask' || !mainThreads.has(thread)) continue;
    if (typeof event.tdur !== 'number' || !(event.dur > 0)) continue;
    const ratio = Math.min(1, event.tdur / event.dur);
    const tasks = tasksByThread.get(thread) ?? [];
    tasks.push({ ts: event.ts, dur: event.dur, ratio });
    tasksByThread.set(thread, tasks);
    wallMs += event.dur / 1000;
    cpuMs += (event.dur * ratio) / 1000;
  }
  for (const tasks of tasksByThread.values()) tasks.sort((a, b) => a.ts - b.ts);

  const traceEvents = events.map((event) => {
    const tasks = tasksByThread.get(`${event.pid}:${event.tid}`);
    if (tasks === undefined || typeof event.ts !== 'number') return event;
    const task = taskAt(tasks, event.ts);
    if (task === undefined) return event;
    const moved = { ...event, ts: task.ts + (event.ts - task.ts) * task.ratio };
    if (typeof event.dur === 'number') {
      const end = Math.min(event.ts + event.dur, task.ts + task.dur);
      moved.dur = task.ts + (end - task.ts) * task.ratio - moved.ts;
    }
    return moved;
  });
  return { trace: { ...trace, traceEvents }, wallMs, cpuMs };
}
