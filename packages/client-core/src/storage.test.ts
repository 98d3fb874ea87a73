import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasLocalItem, readSessionItem, writeSessionItem } from './storage.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

/** A storage whose every method throws, like a blocked or full browser storage. */
function throwingStorage(name: string) {
  const fail = () => {
    throw new DOMException('storage unavailable', name);
  };
  return { getItem: fail, setItem: fail, removeItem: fail, clear: fail, key: fail, length: 0 };
}

describe('session storage helpers', () => {
  it('writes, reads and removes an item', () => {
    writeSessionItem('k', 'v');
    expect(readSessionItem('k')).toBe('v');
    writeSessionItem('k', undefined);
    expect(readSessionItem('k')).toBeUndefined();
    expect(sessionStorage.getItem('k')).toBeNull();
  });

  it('swallows a full or blocked storage', () => {
    vi.stubGlobal('sessionStorage', throwingStorage('QuotaExceededError'));
    expect(() => writeSessionItem('k', 'v')).not.toThrow();
    expect(() => writeSessionItem('k', undefined)).not.toThrow();
  });

  it('reads undefined when storage throws', () => {
    sessionStorage.setItem('k', 'v');
    localStorage.setItem('k', 'v');
    vi.stubGlobal('sessionStorage', throwingStorage('SecurityError'));
    vi.stubGlobal('localStorage', throwingStorage('SecurityError'));
    expect(readSessionItem('k')).toBeUndefined();
    expect(hasLocalItem('k')).toBe(false);
  });

  it('tells whether localStorage holds a key', () => {
    expect(hasLocalItem('k')).toBe(false);
    localStorage.setItem('k', '');
    expect(hasLocalItem('k')).toBe(true);
  });
});
