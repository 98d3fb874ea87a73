import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { readTradeApiConfig } from '../config/trade-api-config.ts';
import { blobStoreKind } from './open-blob-store.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'tradein-s3-settings-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A complete group of S3 settings, as an operator of an S3-compatible server gives it. */
const complete = {
  S3_ENDPOINT: 'https://objects.example.net',
  S3_BUCKET: 'tradein-files',
  S3_REGION: 'eu-central-1',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret/with+signs',
  S3_FORCE_PATH_STYLE: 'true',
};

const read = (settings: Record<string, string | undefined>) =>
  readTradeApiConfig({ DATA_DIR: dataDir, ...settings });

describe('the S3 settings of the file store', () => {
  it('are absent when none is given, or only empty ones', () => {
    expect(read({}).s3).toBeUndefined();
    expect(read({ S3_BUCKET: '', S3_REGION: ' ' }).s3).toBeUndefined();
  });

  it('read a complete group; the endpoint and path style may be left out for Amazon S3', () => {
    expect(read(complete).s3).toEqual({
      endpoint: 'https://objects.example.net',
      bucket: 'tradein-files',
      region: 'eu-central-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret/with+signs',
      forcePathStyle: true,
    });
    const { S3_ENDPOINT: _endpoint, S3_FORCE_PATH_STYLE: _pathStyle, ...amazon } = complete;
    expect(read(amazon).s3).toMatchObject({ endpoint: undefined, forcePathStyle: false });
  });

  it('refuse a partial group, naming each missing setting', () => {
    expect(() =>
      read({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'tradein-files' }),
    ).toThrow(
      [
        'Invalid trade API configuration:',
        '- S3_REGION: is required when other S3_ settings are given (S3_ENDPOINT, S3_BUCKET)',
        '- S3_ACCESS_KEY_ID: is required when other S3_ settings are given (S3_ENDPOINT, S3_BUCKET)',
        '- S3_SECRET_ACCESS_KEY: is required when other S3_ settings are given (S3_ENDPOINT, S3_BUCKET)',
      ].join('\n'),
    );
  });

  it.each([
    ['S3_ENDPOINT', 'objects.example.net', 'must be an http:// or https:// URL'],
    ['S3_BUCKET', 'Tradein_Files', 'must be a bucket name'],
    ['S3_REGION', 'EU Central', 'must be a region name'],
    ['S3_FORCE_PATH_STYLE', 'yes', 'must be true or false'],
  ])('refuse %s=%j', (name, value, message) => {
    expect(() => read({ ...complete, [name]: value })).toThrow(`- ${name}: ${message}`);
  });

  it('are listed with the other wrong settings', () => {
    expect(() => read({ PORT: 'eighty', S3_BUCKET: 'tradein-files' })).toThrow(
      /- PORT: [^\n]+\n- S3_REGION: is required/,
    );
  });
});

describe.each(testDatabases())('the store chosen on $name', (engine) => {
  it('is S3 when its settings are given, else the blobs table on PostgreSQL, else the data folder', async () => {
    const db = await engine.create();
    try {
      expect(blobStoreKind(read(complete), db)).toBe('s3');
      expect(blobStoreKind(read({}), db)).toBe(engine.name === 'postgres' ? 'database' : 'files');
    } finally {
      await engine.destroy(db);
    }
  });
});
