import type { BlobNamespace, BlobStore } from '../blobs/blob-store.ts';

/**
 * One namespace of the shared file store (docs/files.md), as the photo features use it: keys
 * here are relative to the namespace (`t-2026-000123/1/<uuid>.jpg` is the store's
 * `seller-photos/t-2026-000123/1/<uuid>.jpg`). The database rows are the index; the store only
 * holds bytes.
 */
export interface PhotoStorage {
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes under the key, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the key; removing a missing key is no error. */
  delete(key: string): Promise<void>;
  /** Every key (relative to the namespace) that starts with the prefix, sorted. */
  list(prefix: string): Promise<string[]>;
  /** Where an operator finds the file: a path in the data folder, a table row, an object URL. */
  locate(key: string): string;
}

/** The keys of one namespace of the store, relative to it. */
export function storeNamespace(store: BlobStore, namespace: BlobNamespace): PhotoStorage {
  const full = (key: string) => `${namespace}/${key}`;
  return {
    put: (key, bytes, contentType) => store.put(full(key), bytes, contentType),
    get: async (key) => (await store.get(full(key)))?.bytes ?? null,
    delete: (key) => store.delete(full(key)),
    list: async (prefix) =>
      (await store.list(full(prefix))).map((key) => key.slice(namespace.length + 1)),
    locate: (key) => store.locate(full(key)),
  };
}

/** The seller's photos: the `seller-photos/` namespace of the shared store. */
export function sellerPhotoStorage(store: BlobStore): PhotoStorage {
  return storeNamespace(store, 'seller-photos');
}
