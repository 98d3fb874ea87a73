import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/blobs/s3-settings.ts';

/** A local S3-compatible server (s3rver) with one empty bucket, for tests of the S3 store. */
export interface LocalS3 {
  /** The settings that reach its bucket, as `S3_*` would give them. */
  settings: S3Settings;
  /** The same settings as environment variables. */
  environment: Record<string, string>;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

/** The access key s3rver accepts (its documented default). */
const accessKeyId = 'S3RVER';
const secretAccessKey = 'S3RVER';

/** Starts s3rver on a free port of 127.0.0.1 with its files in a temporary folder. */
export async function startLocalS3(bucket = 'tradein-test'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'tradein-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: {
      endpoint,
      bucket,
      region: 'us-east-1',
      accessKeyId,
      secretAccessKey,
      forcePathStyle: true,
    },
    environment: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
