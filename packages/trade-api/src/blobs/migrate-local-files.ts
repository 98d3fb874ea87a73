import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { blobNamespaces, contentTypeOfKey, isBlobKey, type BlobStore } from './blob-store.ts';

/** What {@link migrateLocalFiles} did, or would do on a dry run. */
export interface LocalFileMigration {
  /** Files copied into the store (or that would be). */
  copied: number;
  /** Files the store had already: a second run copies nothing. */
  present: number;
  /** Files whose names cannot be keys (left where they are). */
  skipped: number;
}

/** Whether a file system error says the folder is not there. */
function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** The files below `<dataDir>/<namespace>` as `[key, path]`, sorted by key. */
async function localFiles(dataDir: string): Promise<{ key: string; path: string }[]> {
  const files: { key: string; path: string }[] = [];
  for (const namespace of blobNamespaces) {
    const folder = join(dataDir, namespace);
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(
      (error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      },
    );
    for (const entry of entries) {
      // `.part` files are writes that never finished.
      if (!entry.isFile() || entry.name.endsWith('.part')) continue;
      const path = join(entry.parentPath, entry.name);
      files.push({ key: relative(dataDir, path).split(sep).join('/'), path });
    }
  }
  return files.toSorted((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Copies the files of the data folder's store folders (`seller-photos`, `inspection-photos`,
 * `catalogue-photos`, `payout-files`) into the store under the same keys, which the database
 * rows already name; a key the store has is left as it is, so running it again copies nothing.
 * Prints one line per file copied (or, with `dryRun`, that would be) or skipped, then a summary.
 * The local files stay; remove them once the nodes serve from the store.
 */
export async function migrateLocalFiles(
  dataDir: string,
  store: BlobStore,
  options: { dryRun: boolean; print: (line: string) => void },
): Promise<LocalFileMigration> {
  const { dryRun, print } = options;
  const result: LocalFileMigration = { copied: 0, present: 0, skipped: 0 };
  for (const { key, path } of await localFiles(dataDir)) {
    if (!isBlobKey(key)) {
      print(`skipped ${path}: its name cannot be a key of the store`);
      result.skipped += 1;
      continue;
    }
    if (await store.exists(key)) {
      result.present += 1;
      continue;
    }
    const bytes = new Uint8Array(await readFile(path));
    if (!dryRun) await store.put(key, bytes, contentTypeOfKey(key));
    print(`${dryRun ? 'would copy' : 'copied'} ${key} (${bytes.byteLength} bytes)`);
    result.copied += 1;
  }
  print(
    `${result.copied} file(s) ${dryRun ? 'to copy' : 'copied'} into ${store.description}, ${result.present} already there, ${result.skipped} skipped.`,
  );
  return result;
}
