import { databaseDialect, type TradeDb } from '../db/create-database.ts';
import type { BlobStore } from './blob-store.ts';
import { createDatabaseBlobStore } from './database-blob-store.ts';
import { createFileBlobStore } from './file-blob-store.ts';
import { createS3BlobStore } from './s3-blob-store.ts';
import type { S3Settings } from './s3-settings.ts';

/** The settings that choose the store (the configuration's `dataDir` and `s3`). */
export interface BlobStoreSettings {
  dataDir: string;
  /** Set from the `S3_*` settings; undefined when none is given. */
  s3?: S3Settings | undefined;
}

/** Which store {@link openBlobStore} picks. */
export type BlobStoreKind = 's3' | 'database' | 'files';

/**
 * The store the settings and the database choose: the S3 bucket when its settings are given,
 * else the `blobs` table when the database is PostgreSQL (every node shares it), else the data
 * folder (SQLite, one node).
 */
export function blobStoreKind(settings: BlobStoreSettings, db: TradeDb): BlobStoreKind {
  if (settings.s3 !== undefined) return 's3';
  return databaseDialect(db) === 'postgres' ? 'database' : 'files';
}

/** Stores already opened, per database handle and settings: one S3 client per node. */
const opened = new WeakMap<TradeDb, Map<string, BlobStore>>();

/**
 * The shared file store of a node or an operator command, chosen by {@link blobStoreKind}. The
 * same handle and settings answer the same store, so the routes of one node share its client.
 */
export function openBlobStore(settings: BlobStoreSettings, db: TradeDb): BlobStore {
  const kind = blobStoreKind(settings, db);
  const cacheKey = JSON.stringify([kind, settings.dataDir, settings.s3 ?? null]);
  const stores = opened.get(db) ?? new Map<string, BlobStore>();
  opened.set(db, stores);
  let store = stores.get(cacheKey);
  if (store === undefined) {
    store =
      kind === 's3' && settings.s3 !== undefined
        ? createS3BlobStore(settings.s3)
        : kind === 'database'
          ? createDatabaseBlobStore(db)
          : createFileBlobStore(settings.dataDir);
    stores.set(cacheKey, store);
  }
  return store;
}
