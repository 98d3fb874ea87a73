import { emptySearchResult, type SearchResult } from '@tradein/contract';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/create-database.ts';
import { loadCatalogue, canonicalCatalogueOrder } from '../db/load-catalogue.ts';
import { testCatalogue } from '../../test-kit/stored-catalogue.ts';
import { rowCounts } from '../../test-kit/test-databases.ts';
import { testConfig } from '../../test-kit/test-server.ts';
import { createTradeApiServer } from './trade-api-server.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function freshConfig() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tradein-start-'));
  folders.push(dataDir);
  return { ...testConfig, dataDir, sqliteFile: join(dataDir, 'trade.sqlite') };
}

const fakes = {
  search: (): SearchResult => emptySearchResult('categories'),
  renderImage: () => {
    throw new Error('renderer exploded at /srv/render.ts:12');
  },
};

/** Collects the JSON log lines a server writes. */
function logCollector(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { lines, stream };
}

describe('a standalone server on its first start', () => {
  it('creates, migrates and seeds the SQLite file, and seeds only once', async () => {
    const config = freshConfig();
    const catalogue = testCatalogue();
    const first = await createTradeApiServer({ config, catalogue, ...fakes, logger: false });
    await first.close();

    const db = createDatabase(config);
    try {
      expect(await loadCatalogue(db)).toEqual(canonicalCatalogueOrder(catalogue));
      const counts = await rowCounts(db);
      const second = await createTradeApiServer({
        config,
        catalogue: testCatalogue(20),
        ...fakes,
        logger: false,
      });
      await second.close();
      expect(await rowCounts(db)).toEqual(counts);
    } finally {
      await db.destroy();
    }
  });

  it('closes the database it opened when the server closes', async () => {
    const config = freshConfig();
    const app = await createTradeApiServer({ config, ...fakes, logger: false });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
    expect(existsSync(`${config.sqliteFile}-wal`)).toBe(true);
    await app.close();
    // SQLite removes the write-ahead log when its last connection closes.
    expect(existsSync(`${config.sqliteFile}-wal`)).toBe(false);
  });

  it('writes structured JSON logs with request ids and the detail of internal errors', async () => {
    const config = freshConfig();
    const { lines, stream } = logCollector();
    const app = await createTradeApiServer({
      config,
      ...fakes,
      logger: { level: 'info', stream },
    });
    try {
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      const response = await fetch(`${origin}/api/trade/images/device/1.svg`);
      expect(response.status).toBe(500);
      expect(await response.text()).not.toContain('exploded');
      const requestId = response.headers.get('x-request-id');
      const failure = lines.find((line) => line['msg'] === 'request failed');
      expect(failure).toMatchObject({ level: 50, reqId: requestId });
      expect(JSON.stringify(failure?.['err'])).toContain('renderer exploded');
      expect(
        lines.some((line) => line['msg'] === 'request completed' && line['reqId'] === requestId),
      ).toBe(true);
    } finally {
      await app.close();
    }
  });
});
