import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeBlobStoreContract } from '../../test-kit/blob-store-contract.ts';
import { startLocalS3 } from '../../test-kit/local-s3.ts';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { BlobStoreUnavailableError } from './blob-store.ts';
import { createDatabaseBlobStore } from './database-blob-store.ts';
import { createFileBlobStore } from './file-blob-store.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

describeBlobStoreContract('the data folder', async () => {
  const root = await mkdtemp(join(tmpdir(), 'tradein-blobs-'));
  return {
    store: createFileBlobStore(root),
    close: () => rm(root, { recursive: true, force: true }),
  };
});

for (const engine of testDatabases()) {
  describeBlobStoreContract(`the blobs table on ${engine.name}`, async () => {
    const db = await engine.create();
    await migrateToLatest(db);
    return { store: createDatabaseBlobStore(db), close: () => engine.destroy(db) };
  });
}

describeBlobStoreContract('an S3 bucket (local s3rver)', async () => {
  const s3 = await startLocalS3();
  return { store: createS3BlobStore(s3.settings), close: () => s3.close() };
});

describe('the data folder store', () => {
  it('writes through a temporary file and leaves none behind, nor anything outside its namespaces', async () => {
    const root = await mkdtemp(join(tmpdir(), 'tradein-blobs-'));
    try {
      const store = createFileBlobStore(root);
      await store.put('seller-photos/t-1/1/a.jpg', new Uint8Array([1]), 'image/jpeg');
      await store.put('seller-photos/t-1/1/a.jpg', new Uint8Array([2]), 'image/jpeg');
      expect(await readdir(join(root, 'seller-photos', 't-1', '1'))).toEqual(['a.jpg']);
      expect(
        new Uint8Array(await readFile(join(root, 'seller-photos', 't-1', '1', 'a.jpg'))),
      ).toEqual(new Uint8Array([2]));
      expect(store.locate('seller-photos/t-1/1/a.jpg')).toBe(
        join(root, 'seller-photos', 't-1', '1', 'a.jpg'),
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('fails as unavailable when its folder cannot be written', async () => {
    const root = await mkdtemp(join(tmpdir(), 'tradein-blobs-'));
    try {
      // A file where the namespace's folder should be: every write below it fails.
      const store = createFileBlobStore(root);
      await writeFile(join(root, 'seller-photos'), '');
      const failure = await store
        .put('seller-photos/t-1/1/a.jpg', new Uint8Array([1]), 'image/jpeg')
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(BlobStoreUnavailableError);
      expect(failure).toMatchObject({ statusCode: 503, code: 'storage_unavailable' });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('the S3 store when the server cannot be reached', () => {
  it('fails every operation as unavailable (503), naming what failed only in its detail', async () => {
    const s3 = await startLocalS3();
    const store = createS3BlobStore(s3.settings);
    await store.put('seller-photos/t-1/1/a.jpg', new Uint8Array([1]), 'image/jpeg');
    await s3.close();
    for (const attempt of [
      () => store.get('seller-photos/t-1/1/a.jpg'),
      () => store.put('seller-photos/t-1/1/b.jpg', new Uint8Array([1]), 'image/jpeg'),
      () => store.exists('seller-photos/t-1/1/a.jpg'),
      () => store.delete('seller-photos/t-1/1/a.jpg'),
      () => store.list('seller-photos/'),
    ]) {
      const failure = await attempt().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(BlobStoreUnavailableError);
      expect(failure).toMatchObject({
        statusCode: 503,
        code: 'storage_unavailable',
        message: 'Stored files cannot be reached right now; please try again in a moment',
      });
      expect((failure as BlobStoreUnavailableError).detail).toMatch(/seller-photos\//);
    }
  });

  it('fails as unavailable when the bucket does not exist', async () => {
    const s3 = await startLocalS3();
    try {
      const store = createS3BlobStore({ ...s3.settings, bucket: 'no-such-bucket' });
      const failure = await store
        .put('seller-photos/t-1/1/a.jpg', new Uint8Array([1]), 'image/jpeg')
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(BlobStoreUnavailableError);
    } finally {
      await s3.close();
    }
  });
});
