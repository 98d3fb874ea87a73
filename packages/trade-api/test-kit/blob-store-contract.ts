import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../src/blobs/blob-store.ts';

/** A store under test, opened once for its `describe`, and how to close it. */
export interface OpenedBlobStore {
  store: BlobStore;
  close(): Promise<void>;
}

/** Every byte value, so a store that treats bytes as text fails. */
const allByteValues = Uint8Array.from({ length: 256 }, (_, index) => index);

/** A folder of the namespace that no other test uses. */
const folder = (namespace = 'seller-photos') => `${namespace}/t-${randomUUID()}`;

/**
 * The behaviour every {@link BlobStore} must have, as tests: the same suite runs against the
 * data folder, the database table and an S3 bucket. Each test works below a folder of its own,
 * so the tests share one store.
 */
export function describeBlobStoreContract(
  name: string,
  open: () => Promise<OpenedBlobStore>,
): void {
  describe(`the blob store contract: ${name}`, () => {
    let opened: OpenedBlobStore | undefined;
    const store = (): BlobStore => {
      if (opened === undefined) throw new Error('the store is opened before the tests run');
      return opened.store;
    };
    beforeAll(async () => {
      opened = await open();
    });
    afterAll(async () => {
      await opened?.close();
    });

    it('gives back the bytes and content type it was given, every byte value intact', async () => {
      const base = folder();
      await store().put(`${base}/1/photo.jpg`, allByteValues, 'image/jpeg');
      const payout = `${folder('payout-files')}/batch.pdf`;
      await store().put(payout, new Uint8Array([37, 80, 68, 70]), 'application/pdf');

      expect(await store().get(`${base}/1/photo.jpg`)).toEqual({
        bytes: allByteValues,
        contentType: 'image/jpeg',
      });
      expect(await store().get(payout)).toEqual({
        bytes: new Uint8Array([37, 80, 68, 70]),
        contentType: 'application/pdf',
      });
      expect(await store().exists(`${base}/1/photo.jpg`)).toBe(true);
    });

    it('answers nothing for a key that was never stored', async () => {
      const key = `${folder()}/1/none.jpg`;
      expect(await store().get(key)).toBeUndefined();
      expect(await store().exists(key)).toBe(false);
    });

    it('replaces a file stored again under the same key', async () => {
      const key = `${folder('catalogue-photos')}/phone.png`;
      await store().put(key, new Uint8Array([1]), 'image/png');
      await store().put(key, new Uint8Array([2, 2]), 'image/png');
      expect(await store().get(key)).toEqual({
        bytes: new Uint8Array([2, 2]),
        contentType: 'image/png',
      });
    });

    it('deletes a file, and deleting a missing one is no error', async () => {
      const key = `${folder('inspection-photos')}-1-photo.jpg`;
      await store().put(key, new Uint8Array([9]), 'image/jpeg');
      await store().delete(key);
      await store().delete(key);
      expect(await store().get(key)).toBeUndefined();
      expect(await store().exists(key)).toBe(false);
    });

    it('lists the keys that start with a prefix, sorted, taking _ and - literally', async () => {
      const base = folder();
      const keys = [`${base}/2/b.jpg`, `${base}/1/a.jpg`, `${base}/1_x/c.jpg`, `${base}/10/d.jpg`];
      for (const key of keys) await store().put(key, new Uint8Array([1]), 'image/jpeg');
      await store().put(`${base}-other/1/e.jpg`, new Uint8Array([1]), 'image/jpeg');

      expect(await store().list(`${base}/`)).toEqual([
        `${base}/1/a.jpg`,
        `${base}/10/d.jpg`,
        `${base}/1_x/c.jpg`,
        `${base}/2/b.jpg`,
      ]);
      expect(await store().list(`${base}/1_`)).toEqual([`${base}/1_x/c.jpg`]);
      expect(await store().list(`${base}/1/`)).toEqual([`${base}/1/a.jpg`]);
      expect(await store().list(`${folder()}/`)).toEqual([]);
    });

    it('keeps a file of a few megabytes whole', async () => {
      const key = `${folder('payout-files')}/large.csv`;
      const bytes = Uint8Array.from({ length: 3 * 1024 * 1024 + 7 }, (_, index) => index % 251);
      await store().put(key, bytes, 'text/csv');
      const stored = await store().get(key);
      expect(stored?.bytes.byteLength).toBe(bytes.byteLength);
      expect(Buffer.from(stored?.bytes ?? []).equals(Buffer.from(bytes))).toBe(true);
    });

    it.each([
      '../escape.jpg',
      'seller-photos/../../escape.jpg',
      '/seller-photos/a.jpg',
      'seller-photos//a.jpg',
      'seller-photos/./a.jpg',
      'seller-photos',
      'other-namespace/a.jpg',
      'seller-photos/a b.jpg',
      '',
    ])('refuses the key %j and stores nothing', async (key) => {
      await expect(store().put(key, new Uint8Array([1]), 'image/jpeg')).rejects.toThrow(
        /Not a blob store key/,
      );
      await expect(store().get(key)).rejects.toThrow(/Not a blob store key/);
      expect(() => store().locate(key)).toThrow(/Not a blob store key/);
    });
  });
}
