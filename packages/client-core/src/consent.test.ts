import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atom } from 'nanostores';
import {
  $consent,
  denyConsent,
  grantConsent,
  resetConsent,
  scheduleConsentCheck,
} from './consent.ts';
import type { ConsentState } from './consent.ts';

beforeEach(() => {
  resetConsent();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('$consent', () => {
  it('starts unknown and records grant and denial', () => {
    expect($consent.get()).toBe('unknown');
    grantConsent();
    expect($consent.get()).toBe('granted');
    denyConsent();
    expect($consent.get()).toBe('denied');
  });
});

describe('scheduleConsentCheck', () => {
  it.each([
    { answer: true, expected: 'granted' },
    { answer: false, expected: 'denied' },
    { answer: undefined, expected: 'unknown' },
  ])('records the answer $answer one second later', ({ answer, expected }) => {
    const read = vi.fn<() => boolean | undefined>(() => answer);
    scheduleConsentCheck({ read });
    vi.advanceTimersByTime(999);
    expect(read).not.toHaveBeenCalled();
    expect($consent.get()).toBe('unknown');
    vi.advanceTimersByTime(1);
    expect(read).toHaveBeenCalledTimes(1);
    expect($consent.get()).toBe(expected);
  });

  it('does nothing once cancelled', () => {
    const read = vi.fn<() => boolean | undefined>(() => true);
    const cancel = scheduleConsentCheck({ read });
    cancel();
    vi.advanceTimersByTime(5000);
    expect(read).not.toHaveBeenCalled();
    expect($consent.get()).toBe('unknown');
  });

  it('writes to an injected store after an injected delay', () => {
    const consent = atom<ConsentState>('unknown');
    scheduleConsentCheck({ read: () => true, delayMs: 10, consent });
    vi.advanceTimersByTime(10);
    expect(consent.get()).toBe('granted');
    expect($consent.get()).toBe('unknown');
  });

  it('logs a throwing consent manager and stays unknown', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('cmp not loaded');
    scheduleConsentCheck({
      read: () => {
        throw failure;
      },
    });
    expect(() => vi.advanceTimersByTime(1000)).not.toThrow();
    expect(errors).toHaveBeenCalledWith('error reading tracking consent', failure);
    expect($consent.get()).toBe('unknown');
  });
});
