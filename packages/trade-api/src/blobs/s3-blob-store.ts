import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { unavailableOnFailure, checkedBlobKey, isBlobKey, type BlobStore } from './blob-store.ts';
import type { S3Settings } from './s3-settings.ts';

/**
 * How long one request to the bucket may take: a node that cannot reach the store answers 503
 * after a few seconds instead of holding the seller's request open.
 */
const connectionTimeoutMs = 3000;
const requestTimeoutMs = 15_000;

/** Whether the service answered that the key is not there. */
function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}

/** The S3 client of the settings, with short timeouts and one retry. */
function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
    region: settings.region,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    forcePathStyle: settings.forcePathStyle,
    maxAttempts: 2,
    requestHandler: { connectionTimeout: connectionTimeoutMs, requestTimeout: requestTimeoutMs },
    // Checksums only where S3 requires them: S3-compatible servers often know no other.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * The store as objects of an S3 bucket (Amazon S3 or any S3-compatible server): keys are object
 * keys, the content type is the object's. Any failure but a missing key (unreachable, refused
 * credentials, a missing bucket) is {@link BlobStoreUnavailableError}.
 */
export function createS3BlobStore(
  settings: S3Settings,
  client: S3Client = createS3Client(settings),
): BlobStore {
  const Bucket = settings.bucket;
  return {
    description: `S3 bucket ${settings.bucket}${settings.endpoint === undefined ? '' : ` at ${settings.endpoint}`}`,
    async put(key, bytes, contentType) {
      const Key = checkedBlobKey(key);
      await unavailableOnFailure('put', key, () =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.byteLength,
          }),
        ),
      );
    },
    async get(key) {
      const Key = checkedBlobKey(key);
      return unavailableOnFailure('get', key, async () => {
        try {
          const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
          if (answer.Body === undefined) return undefined;
          return {
            bytes: await answer.Body.transformToByteArray(),
            contentType: answer.ContentType ?? 'application/octet-stream',
          };
        } catch (error) {
          if (isMissing(error)) return undefined;
          throw error;
        }
      });
    },
    async exists(key) {
      const Key = checkedBlobKey(key);
      return unavailableOnFailure('exists', key, async () => {
        try {
          await client.send(new HeadObjectCommand({ Bucket, Key }));
          return true;
        } catch (error) {
          if (isMissing(error)) return false;
          throw error;
        }
      });
    },
    async delete(key) {
      const Key = checkedBlobKey(key);
      await unavailableOnFailure('delete', key, () =>
        client.send(new DeleteObjectCommand({ Bucket, Key })),
      );
    },
    async list(prefix) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await unavailableOnFailure('list', prefix, () =>
          client.send(
            new ListObjectsV2Command({
              Bucket,
              Prefix: prefix,
              ...(ContinuationToken === undefined ? {} : { ContinuationToken }),
            }),
          ),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key !== undefined && isBlobKey(object.Key)) keys.push(object.Key);
        }
        ContinuationToken = page.IsTruncated === true ? page.NextContinuationToken : undefined;
      } while (ContinuationToken !== undefined);
      return keys.toSorted();
    },
    locate: (key) => `s3://${settings.bucket}/${checkedBlobKey(key)}`,
  };
}
