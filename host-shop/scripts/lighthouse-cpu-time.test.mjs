import { describe, expect, it } from 'vitest';
import {
  calibratedCpuSlowdown,
  referenceCpuBenchmarkIndex,
  traceOnCpuTime,
} from './lighthouse-cpu-time.mjs';

const threadName = (pid, tid, name) => ({
  ph: 'M',
  name: 'thread_name',
  pid,
  tid,
  ts: 0,
  args: { name },
});

describe('a trace on CPU time', () => {
  const trace = {
    traceEvents: [
      threadName(1, 1, 'CrRendererMain'),
      threadName(1, 2, 'Compositor'),
      // A task of 100 ms on the wall clock in which the thread ran 25 ms.
      { ph: 'X', name: 'RunTask', pid: 1, tid: 1, ts: 1_000_000, dur: 100_000, tdur: 25_000 },
      { ph: 'X', name: 'EvaluateScript', pid: 1, tid: 1, ts: 1_040_000, dur: 40_000, tdur: 10_000 },
      { ph: 'I', name: 'Mark', pid: 1, tid: 1, ts: 1_080_000 },
      // After the task, and on another thread: left as they are.
      { ph: 'X', name: 'RunTask', pid: 1, tid: 1, ts: 1_200_000, dur: 10_000, tdur: 12_000 },
      { ph: 'I', name: 'Mark', pid: 1, tid: 1, ts: 1_150_000 },
      { ph: 'X', name: 'RunTask', pid: 1, tid: 2, ts: 1_000_000, dur: 100_000, tdur: 1_000 },
    ],
  };
  const { trace: rewritten, wallMs, cpuMs } = traceOnCpuTime(trace);
  const events = rewritten.traceEvents;

  it('shortens a main-thread task to its CPU time and moves what it holds in proportion', () => {
    expect(events[2]).toMatchObject({ ts: 1_000_000, dur: 25_000 });
    expect(events[3]).toMatchObject({ ts: 1_010_000, dur: 10_000 });
    expect(events[4]).toMatchObject({ ts: 1_020_000 });
  });

  it('keeps events between tasks, tasks that took no longer than their CPU time, and other threads', () => {
    expect(events[5]).toEqual(trace.traceEvents[5]);
    expect(events[6]).toEqual(trace.traceEvents[6]);
    expect(events[7]).toEqual(trace.traceEvents[7]);
  });

  it('counts the main threads’ task time before and after', () => {
    expect(wallMs).toBe(110);
    expect(cpuMs).toBe(35);
  });

  it('leaves the recording it was given unchanged', () => {
    expect(trace.traceEvents[2]).toMatchObject({ dur: 100_000 });
  });
});

describe('the calibrated CPU slowdown', () => {
  it('is Lighthouse’s 4x on the reference machine and scales with the processor’s speed', () => {
    expect(calibratedCpuSlowdown(referenceCpuBenchmarkIndex)).toBe(4);
    expect(calibratedCpuSlowdown(referenceCpuBenchmarkIndex / 2)).toBe(2);
    expect(calibratedCpuSlowdown(referenceCpuBenchmarkIndex * 1.5)).toBe(6);
  });

  it('stays within 1x and 16x whatever the benchmark reads', () => {
    expect(calibratedCpuSlowdown(1)).toBe(1);
    expect(calibratedCpuSlowdown(referenceCpuBenchmarkIndex * 100)).toBe(16);
  });
});
