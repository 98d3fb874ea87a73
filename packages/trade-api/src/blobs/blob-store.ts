import { apiErrorCode } from '@tradein/contract';
import { HttpError } from '../server/http-error.ts';

/**
 * The kinds of files the store keeps, each under its own first key segment: the seller's photos
 * of a trade, the inspection photos of the operator, the device photos of the catalogue, and
 * the payout files (kept for them; no feature writes them yet).
 */
export const blobNamespaces = [
  'seller-photos',
  'inspection-photos',
  'catalogue-photos',
  'payout-files',
] as const;

/** One of {@link blobNamespaces}. */
export type BlobNamespace = (typeof blobNamespaces)[number];

/** A file as the store hands it back. */
export interface StoredBlob {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * The one store of files every API node and the operator command line share (docs/files.md):
 * a table of the PostgreSQL database, a bucket of S3-compatible object storage, or the data
 * folder of a single-node installation. Keys are `/`-separated paths that start with a
 * namespace, e.g. `seller-photos/t-2026-000123/1/<uuid>.jpg`; a database row names the key, the
 * store only holds bytes. Every operation that cannot reach the store throws
 * {@link BlobStoreUnavailableError}.
 */
export interface BlobStore {
  /** Where the files are, for messages: `data folder /srv/data`, `PostgreSQL`, `s3://bucket`. */
  readonly description: string;
  /** Stores the bytes under the key, replacing what was there; readers never see half a file. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file under the key, or undefined when there is none. */
  get(key: string): Promise<StoredBlob | undefined>;
  /** Whether a file is stored under the key. */
  exists(key: string): Promise<boolean>;
  /** Removes the key; removing a missing key is no error. */
  delete(key: string): Promise<void>;
  /** Every key that starts with the prefix, sorted. */
  list(prefix: string): Promise<string[]>;
  /** Where an operator finds the file: a path in the data folder, a table row, an object URL. */
  locate(key: string): string;
}

/**
 * A key: segments of letters, digits, `-`, `_` and `.` joined by `/`, never `.` or `..`, the
 * first a namespace. Upper-case letters are allowed because inspection photos stored before the
 * shared store have the trade number in capitals in their names.
 */
const keyPattern = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)+$/;

/** The longest key, in characters; S3 allows 1024 bytes. */
const maxKeyLength = 512;

/** Whether the text is a key the stores accept. */
export function isBlobKey(key: string): boolean {
  const namespace = key.split('/', 1)[0];
  return (
    key.length <= maxKeyLength &&
    keyPattern.test(key) &&
    (blobNamespaces as readonly string[]).includes(namespace ?? '')
  );
}

/** Throws unless the key is one the stores accept (no way out of the store's folder). */
export function checkedBlobKey(key: string): string {
  if (!isBlobKey(key)) throw new Error(`Not a blob store key: ${JSON.stringify(key)}`);
  return key;
}

/** Content types by file extension, for files whose store keeps no content type of its own. */
const contentTypesByExtension: Readonly<Record<string, string>> = {
  avif: 'image/avif',
  csv: 'text/csv',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  json: 'application/json',
  pdf: 'application/pdf',
  png: 'image/png',
  txt: 'text/plain',
  webp: 'image/webp',
  xml: 'application/xml',
};

/** The content type a key's extension names; `application/octet-stream` for any other. */
export function contentTypeOfKey(key: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase() ?? '';
  return contentTypesByExtension[extension] ?? 'application/octet-stream';
}

/** Seconds a client should wait before trying again when the store cannot be reached. */
const blobStoreRetryAfterSeconds = 10;

/**
 * The store could not be reached or refused to work (network, credentials, a full disk): the
 * API answers 503 `storage_unavailable`, the operator command line prints the message. The
 * cause stays in the log; the client only learns that files are unavailable for now.
 */
export class BlobStoreUnavailableError extends HttpError {
  readonly retryAfterSeconds = blobStoreRetryAfterSeconds;
  /** What failed, for the log and the command line; never shown to clients. */
  readonly detail: string;

  constructor(operation: string, key: string, cause: unknown) {
    super(
      503,
      apiErrorCode.storageUnavailable,
      'Stored files cannot be reached right now; please try again in a moment',
    );
    this.name = 'BlobStoreUnavailableError';
    this.cause = cause;
    this.detail = `${operation} ${key}: ${cause instanceof Error ? cause.message : String(cause)}`;
  }
}

/** Runs one operation of a store; any failure of it becomes {@link BlobStoreUnavailableError}. */
export async function unavailableOnFailure<T>(
  operation: string,
  key: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new BlobStoreUnavailableError(operation, key, error);
  }
}
