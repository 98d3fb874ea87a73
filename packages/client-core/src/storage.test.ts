import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStorageItem, writeStorageItem } from './storage.ts';
import type { StorageArea } from './storage.ts';

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

const areas: [StorageArea, () => Storage, StorageArea, () => Storage][] = [
  ['local', () => localStorage, 'session', () => sessionStorage],
  ['session', () => sessionStorage, 'local', () => localStorage],
];

describe.each(areas)('%s storage helpers', (area, storage, otherArea, otherStorage) => {
  it('writes, reads and removes an item in its own storage only', () => {
    writeStorageItem(area, 'k', 'v');
    expect(readStorageItem(area, 'k')).toBe('v');
    expect(storage().getItem('k')).toBe('v');
    expect(readStorageItem(otherArea, 'k')).toBeUndefined();
    expect(otherStorage().length).toBe(0);
    writeStorageItem(area, 'k', undefined);
    expect(readStorageItem(area, 'k')).toBeUndefined();
    expect(storage().getItem('k')).toBeNull();
  });

  it('removes an absent item without throwing', () => {
    expect(() => writeStorageItem(area, 'absent', undefined)).not.toThrow();
  });

  it('reads an empty string as a value, not as absent', () => {
    storage().setItem('k', '');
    expect(readStorageItem(area, 'k')).toBe('');
  });

  it.each(['QuotaExceededError', 'SecurityError'])('swallows a storage that throws %s', (name) => {
    storage().setItem('k', 'v');
    vi.stubGlobal(area === 'local' ? 'localStorage' : 'sessionStorage', throwingStorage(name));
    expect(() => writeStorageItem(area, 'k', 'w')).not.toThrow();
    expect(() => writeStorageItem(area, 'k', undefined)).not.toThrow();
    expect(readStorageItem(area, 'k')).toBeUndefined();
  });

  it('treats a missing storage (server) as empty', () => {
    vi.stubGlobal(area === 'local' ? 'localStorage' : 'sessionStorage', undefined);
    expect(() => writeStorageItem(area, 'k', 'v')).not.toThrow();
    expect(readStorageItem(area, 'k')).toBeUndefined();
  });
});
