import { randomUUID } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import {
  blobNamespaces,
  unavailableOnFailure,
  checkedBlobKey,
  contentTypeOfKey,
  isBlobKey,
  type BlobStore,
} from './blob-store.ts';

/** The ending of a file being written; it is renamed to its key's path once complete. */
const partialSuffix = '.part';

/** Whether a file system error says the file is not there. */
function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/**
 * The store as files below `root` (the data folder): each key is the file at that relative
 * path, so `seller-photos/t-2026-000123/1/<uuid>.jpg` is `<root>/seller-photos/t-2026-000123/1/…`,
 * where the photos have always been. A write goes to a temporary file first and is renamed into
 * place, so a reader never sees half a file. The content type follows the key's extension. Any
 * failure other than a missing file (permissions, a full disk) is {@link BlobStoreUnavailableError}.
 */
export function createFileBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => join(root, ...checkedBlobKey(key).split('/'));
  return {
    description: `data folder ${root}`,
    async put(key, bytes) {
      const path = pathOf(key);
      await unavailableOnFailure('put', key, async () => {
        await mkdir(dirname(path), { recursive: true });
        const temporary = `${path}.${randomUUID()}${partialSuffix}`;
        try {
          await writeFile(temporary, bytes, { flag: 'wx' });
          await rename(temporary, path);
        } catch (error) {
          await rm(temporary, { force: true });
          throw error;
        }
      });
    },
    async get(key) {
      const path = pathOf(key);
      const bytes = await unavailableOnFailure('get', key, () =>
        readFile(path).then(
          (buffer) => new Uint8Array(buffer),
          (error: unknown) => {
            if (isMissing(error)) return undefined;
            throw error;
          },
        ),
      );
      return bytes === undefined ? undefined : { bytes, contentType: contentTypeOfKey(key) };
    },
    async exists(key) {
      const path = pathOf(key);
      return unavailableOnFailure('exists', key, () =>
        access(path).then(
          () => true,
          (error: unknown) => {
            if (isMissing(error)) return false;
            throw error;
          },
        ),
      );
    },
    async delete(key) {
      const path = pathOf(key);
      await unavailableOnFailure('delete', key, () => rm(path, { force: true }));
    },
    async list(prefix) {
      // Only the namespaces' folders: the data folder also holds the database, mail and secrets.
      const namespaces = blobNamespaces.filter(
        (namespace) => namespace.startsWith(prefix) || prefix.startsWith(`${namespace}/`),
      );
      const keys: string[] = [];
      for (const namespace of namespaces) {
        const folder = join(root, namespace);
        const entries = await unavailableOnFailure('list', prefix, () =>
          readdir(folder, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
            if (isMissing(error)) return [];
            throw error;
          }),
        );
        for (const entry of entries) {
          if (!entry.isFile() || entry.name.endsWith(partialSuffix)) continue;
          const key = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
          if (key.startsWith(prefix) && isBlobKey(key)) keys.push(key);
        }
      }
      return keys.toSorted();
    },
    locate: pathOf,
  };
}
