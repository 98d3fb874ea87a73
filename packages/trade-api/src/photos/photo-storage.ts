import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { randomUUID } from 'node:crypto';

/**
 * Where photo bytes are kept, by key: the interface a cloud bucket implements as well as the
 * data folder. Keys are relative, `/`-separated paths of lower-case letters, digits, `-`, `_`
 * and `.` (e.g. `t-2026-000123/1/<uuid>.jpg`); the database rows are the index, the storage only
 * holds bytes.
 */
export interface PhotoStorage {
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under the key, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the key; removing a missing key is no error. */
  delete(key: string): Promise<void>;
  /** Every key that starts with the prefix, sorted. */
  list(prefix: string): Promise<string[]>;
  /** Where an operator finds the object: a file path here, an object URL for a bucket. */
  locate(key: string): string;
}

/** A storage key: path segments of safe characters, never `.` or `..`. */
const keyPattern = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[a-z0-9_.-]+(?:\/[a-z0-9_.-]+)*$/;

/** Throws unless the key is one {@link PhotoStorage} accepts (no way out of its folder). */
function checkedKey(key: string): string {
  if (!keyPattern.test(key) || key.length > 512) {
    throw new Error(`Not a photo storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** Whether a file system error says the file is not there. */
function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/**
 * The photo storage as files below `root` (`DATA_DIR/seller-photos`): each key is a file at
 * that relative path. A write goes to a temporary file first and is renamed into place, so a
 * reader never sees half a photo.
 */
export function createFilePhotoStorage(root: string): PhotoStorage {
  const pathOf = (key: string) => join(root, ...checkedKey(key).split('/'));
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomUUID()}.part`;
      try {
        await writeFile(temporary, bytes, { flag: 'wx' });
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(prefix) {
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      return entries
        .filter((entry) => entry.isFile() && !entry.name.endsWith('.part'))
        .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
        .filter((key) => key.startsWith(prefix) && keyPattern.test(key))
        .toSorted();
    },
    locate: pathOf,
  };
}

/** The storage of the seller's photos of a node: files under `<dataDir>/seller-photos`. */
export function sellerPhotoStorage(dataDir: string): PhotoStorage {
  return createFilePhotoStorage(join(dataDir, 'seller-photos'));
}
