import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../test-kit/local-s3.ts';
import { testDatabases, type TestDatabase } from '../../test-kit/test-databases.ts';
import { createDatabaseBlobStore } from '../blobs/database-blob-store.ts';
import type { BlobStore } from '../blobs/blob-store.ts';
import { createS3BlobStore } from '../blobs/s3-blob-store.ts';
import type { TradeDb } from '../db/create-database.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { runOps } from './ops-run.ts';

/** The photo folders of a data folder from before the shared store, as the nodes left them. */
const localFiles: Record<string, Uint8Array> = {
  'seller-photos/t-2026-000123/1/0b9e7f5e-8d0c-4f43-9f57-1a2b3c4d5e6f.jpg': new Uint8Array([
    0xff, 0xd8, 0xff, 1,
  ]),
  'seller-photos/t-2026-000123/2/7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f.jpg': new Uint8Array([
    0xff, 0xd8, 0xff, 2,
  ]),
  // Inspection photos were named with the trade number as written, in capitals.
  'inspection-photos/T-2026-000123-1-5f4e3d2c-1b0a-4987-8654-3210fedcba98.png': new Uint8Array([
    0x89, 0x50,
  ]),
  'catalogue-photos/apple/iphone-13-pro.webp': new Uint8Array([0x52, 0x49, 0x46, 0x46]),
};

/** Where the migration runs: a database, with or without S3 settings. */
interface MigrationCase {
  engine: TestDatabase;
  s3: boolean;
}

const cases: MigrationCase[] = testDatabases().flatMap((engine) =>
  engine.name === 'postgres'
    ? [
        { engine, s3: false },
        { engine, s3: true },
      ]
    : [{ engine, s3: true }],
);

describe.each(cases)(
  'npm run ops -- blobs migrate on $engine.name, S3 $s3',
  ({ engine, s3: useS3 }) => {
    let db: TradeDb;
    let s3: LocalS3 | undefined;
    let store: BlobStore;
    let environment: Record<string, string>;
    let dataDir: string;

    beforeAll(async () => {
      db = await engine.create();
      await migrateToLatest(db);
      s3 = useS3 ? await startLocalS3() : undefined;
      store = s3 === undefined ? createDatabaseBlobStore(db) : createS3BlobStore(s3.settings);
      // The SQLite test database's folder is its DATA_DIR; PostgreSQL gets a folder of its own.
      const settings = engine.settings(db);
      dataDir = settings['DATA_DIR'] ?? (await mkdtemp(join(tmpdir(), 'tradein-migrate-')));
      environment = { ...settings, ...s3?.environment, DATA_DIR: dataDir, NODE_ENV: 'test' };
      for (const [key, bytes] of Object.entries(localFiles)) {
        const path = join(dataDir, ...key.split('/'));
        await mkdir(join(path, '..'), { recursive: true });
        await writeFile(path, bytes);
      }
      // A write that never finished, and a name no key can have: neither is copied.
      await writeFile(
        join(dataDir, 'seller-photos', 't-2026-000123', '1', 'x.jpg.1234.part'),
        'half',
      );
      await writeFile(join(dataDir, 'catalogue-photos', 'front photo.jpg'), 'space in the name');
    });
    afterAll(async () => {
      await engine.destroy(db);
      await s3?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    async function ops(...argv: string[]): Promise<{ code: number; lines: string[] }> {
      const lines: string[] = [];
      const code = await runOps(argv, environment, (line) => lines.push(line));
      return { code, lines };
    }

    it('copies every photo into the store once, printing what it moved; a dry run copies nothing', async () => {
      const keys = Object.keys(localFiles).toSorted();
      const skipped = `skipped ${join(dataDir, 'catalogue-photos', 'front photo.jpg')}: its name cannot be a key of the store`;
      // In key order: `catalogue-photos/front photo.jpg` comes after the iPhone's photo.
      const fileLines = (verb: string) =>
        keys
          .map((key) => `${verb} ${key} (${localFiles[key]?.byteLength} bytes)`)
          .toSpliced(1, 0, skipped);

      const dry = await ops('blobs', 'migrate', '--dry-run');
      expect(dry.code).toBe(0);
      expect(dry.lines).toEqual([
        ...fileLines('would copy'),
        `4 file(s) to copy into ${store.description}, 0 already there, 1 skipped.`,
      ]);
      expect(await store.list('')).toEqual([]);

      const first = await ops('blobs', 'migrate');
      expect(first.code).toBe(0);
      expect(first.lines).toEqual([
        ...fileLines('copied'),
        `4 file(s) copied into ${store.description}, 0 already there, 1 skipped.`,
      ]);
      expect(await store.list('')).toEqual(keys);
      for (const key of keys) expect((await store.get(key))?.bytes).toEqual(localFiles[key]);
      expect((await store.get(keys[0] ?? ''))?.contentType).toBe('image/webp');

      const second = await ops('blobs', 'migrate');
      expect(second.lines).toEqual([
        skipped,
        `0 file(s) copied into ${store.description}, 4 already there, 1 skipped.`,
      ]);
    });
  },
);

describe('npm run ops -- blobs migrate on SQLite without S3', () => {
  it('has nothing to move: the data folder is the store', async () => {
    const engine = testDatabases().find((candidate) => candidate.name === 'sqlite');
    if (engine === undefined) throw new Error('SQLite is always among the test databases');
    const db = await engine.create();
    try {
      const lines: string[] = [];
      const settings: Record<string, string> = { ...engine.settings(db), NODE_ENV: 'test' };
      const code = await runOps(['blobs', 'migrate'], settings, (line) => lines.push(line));
      expect({ code, lines }).toEqual({
        code: 0,
        lines: [
          `The file store is the data folder ${settings['DATA_DIR']} itself (SQLite, no S3 settings): its files are already where the store keeps them. Set DATABASE_URL to PostgreSQL or the S3_ settings to move them.`,
        ],
      });
    } finally {
      await engine.destroy(db);
    }
  });
});
