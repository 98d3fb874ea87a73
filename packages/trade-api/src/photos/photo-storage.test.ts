import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileBlobStore } from '../blobs/file-blob-store.ts';
import type { BlobStore } from '../blobs/blob-store.ts';
import { sellerPhotoStorage, type PhotoStorage } from './photo-storage.ts';

describe("the seller's photo storage: one namespace of the file store", () => {
  let root: string;
  let store: BlobStore;
  let storage: PhotoStorage;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'tradein-photos-'));
    store = createFileBlobStore(root);
    storage = sellerPhotoStorage(store);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('keeps its keys below seller-photos/, where the data folder has always had them', async () => {
    const bytes = new Uint8Array([1, 2, 3, 4]);
    await storage.put('t-2026-000123/1/a.jpg', bytes, 'image/jpeg');
    await storage.put('t-2026-000123/2/b.jpg', new Uint8Array([5]), 'image/jpeg');
    await store.put('inspection-photos/t-2026-000123-1-c.jpg', new Uint8Array([6]), 'image/jpeg');

    expect(await storage.get('t-2026-000123/1/a.jpg')).toEqual(bytes);
    expect(await store.exists('seller-photos/t-2026-000123/1/a.jpg')).toBe(true);
    const file = storage.locate('t-2026-000123/1/a.jpg');
    expect(file).toBe(join(root, 'seller-photos', 't-2026-000123', '1', 'a.jpg'));
    expect(new Uint8Array(await readFile(file))).toEqual(bytes);
    expect(await storage.list('')).toEqual(['t-2026-000123/1/a.jpg', 't-2026-000123/2/b.jpg']);

    await storage.delete('t-2026-000123/1/a.jpg');
    expect(await storage.get('t-2026-000123/1/a.jpg')).toBeNull();
    expect(await storage.list('t-2026-000123/')).toEqual(['t-2026-000123/2/b.jpg']);
  });

  it('refuses a key that would leave its namespace', async () => {
    await expect(
      storage.put('../inspection-photos/x.jpg', new Uint8Array([1]), 'image/jpeg'),
    ).rejects.toThrow(/Not a blob store key/);
    expect(await store.list('inspection-photos/')).toEqual([]);
  });
});
