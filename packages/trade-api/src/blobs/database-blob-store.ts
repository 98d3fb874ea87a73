import { sql } from 'kysely';
import type { TradeDb } from '../db/create-database.ts';
import { unavailableOnFailure, checkedBlobKey, isBlobKey, type BlobStore } from './blob-store.ts';

/** A `LIKE` pattern that matches the text literally at the start (`_` and `%` escaped). */
function startsWithPattern(prefix: string): string {
  return `${prefix.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_')}%`;
}

/**
 * The store as rows of the `blobs` table (migration `0015_blobs`): every node that shares the
 * database shares the files, with nothing else to run. Meant for PostgreSQL (`bytea`); it works
 * on SQLite too, which the tests use. A failing query (the database unreachable) is
 * {@link BlobStoreUnavailableError}.
 */
export function createDatabaseBlobStore(
  db: TradeDb,
  clock: () => Date = () => new Date(),
): BlobStore {
  return {
    description: 'the database (table blobs)',
    async put(key, bytes, contentType) {
      checkedBlobKey(key);
      const row = {
        key,
        content_type: contentType,
        bytes,
        size_bytes: bytes.byteLength,
        created_at: clock().toISOString(),
      };
      await unavailableOnFailure('put', key, () =>
        db
          .insertInto('blobs')
          .values(row)
          .onConflict((conflict) =>
            conflict.column('key').doUpdateSet({
              content_type: row.content_type,
              bytes: row.bytes,
              size_bytes: row.size_bytes,
              created_at: row.created_at,
            }),
          )
          .execute(),
      );
    },
    async get(key) {
      checkedBlobKey(key);
      const row = await unavailableOnFailure('get', key, () =>
        db
          .selectFrom('blobs')
          .select(['content_type', 'bytes'])
          .where('key', '=', key)
          .executeTakeFirst(),
      );
      return row === undefined
        ? undefined
        : { bytes: new Uint8Array(row.bytes), contentType: row.content_type };
    },
    async exists(key) {
      checkedBlobKey(key);
      const row = await unavailableOnFailure('exists', key, () =>
        db.selectFrom('blobs').select('key').where('key', '=', key).executeTakeFirst(),
      );
      return row !== undefined;
    },
    async delete(key) {
      checkedBlobKey(key);
      await unavailableOnFailure('delete', key, () =>
        db.deleteFrom('blobs').where('key', '=', key).execute(),
      );
    },
    async list(prefix) {
      const rows = await unavailableOnFailure('list', prefix, () =>
        db
          .selectFrom('blobs')
          .select('key')
          .where(sql<boolean>`${sql.ref('key')} like ${startsWithPattern(prefix)} escape '\\'`)
          .execute(),
      );
      // Sorted here: PostgreSQL's collation may order `-` and `/` differently from code points.
      return rows
        .map((row) => row.key)
        .filter(isBlobKey)
        .toSorted();
    },
    locate: (key) => `blobs table row ${checkedBlobKey(key)}`,
  };
}
