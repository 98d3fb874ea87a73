import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFilePhotoStorage, type PhotoStorage } from './photo-storage.ts';

describe('the file photo storage', () => {
  let root: string;
  let storage: PhotoStorage;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'tradein-photos-'));
    storage = createFilePhotoStorage(join(root, 'seller-photos'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('puts, gets, lists and deletes bytes by key, as files below its folder', async () => {
    const bytes = new Uint8Array([1, 2, 3, 4]);
    await storage.put('t-2026-000123/1/a.jpg', bytes);
    await storage.put('t-2026-000123/2/b.jpg', new Uint8Array([5]));
    await storage.put('t-2026-000999/1/c.jpg', new Uint8Array([6]));

    expect(await storage.get('t-2026-000123/1/a.jpg')).toEqual(bytes);
    const file = storage.locate('t-2026-000123/1/a.jpg');
    expect(file).toBe(join(root, 'seller-photos', 't-2026-000123', '1', 'a.jpg'));
    expect(new Uint8Array(await readFile(file))).toEqual(bytes);
    expect(await storage.list('t-2026-000123/')).toEqual([
      't-2026-000123/1/a.jpg',
      't-2026-000123/2/b.jpg',
    ]);

    await storage.delete('t-2026-000123/1/a.jpg');
    await storage.delete('t-2026-000123/1/a.jpg');
    expect(await storage.get('t-2026-000123/1/a.jpg')).toBeNull();
    expect(await storage.list('t-2026-000123/')).toEqual(['t-2026-000123/2/b.jpg']);
  });

  it('replaces bytes in one step and leaves no temporary file', async () => {
    await storage.put('k/photo.jpg', new Uint8Array([1]));
    await storage.put('k/photo.jpg', new Uint8Array([2, 2]));
    expect(await storage.get('k/photo.jpg')).toEqual(new Uint8Array([2, 2]));
    expect(await readdir(join(root, 'seller-photos', 'k'))).toEqual(['photo.jpg']);
  });

  it('lists nothing before anything was stored', async () => {
    expect(await storage.list('')).toEqual([]);
    expect(await storage.get('nothing/here.jpg')).toBeNull();
  });

  it.each([
    '../escape.jpg',
    'a/../../b.jpg',
    '/absolute.jpg',
    'a//b.jpg',
    'UPPER.jpg',
    'a/./b',
    '',
  ])('refuses the key %j, which could leave its folder or is no key', async (key) => {
    await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow(/Not a photo storage key/);
    expect(() => storage.locate(key)).toThrow(/Not a photo storage key/);
  });
});
