import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiErrorCode, sellerPhotoListSchema } from '@tradein/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../test-kit/local-s3.ts';
import { testCatalogue } from '../../test-kit/stored-catalogue.ts';
import { testDatabases, type TestDatabase } from '../../test-kit/test-databases.ts';
import { startTestServer, testConfig, type RunningServer } from '../../test-kit/test-server.ts';
import { createCustomer, insertTrade } from '../../test-kit/trade-test-kit.ts';
import { guestTokenSeconds, issueAccessToken } from '../accounts/access-token.ts';
import { cataloguePhotoStorage } from '../catalogue/catalogue-photo.ts';
import { runOpsCommand } from '../cli/ops-commands.ts';
import type { TradeApiConfig } from '../config/trade-api-config.ts';
import type { TradeDb } from '../db/create-database.ts';
import { loadCatalogue } from '../db/load-catalogue.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { createTradeApiOptions } from '../server/open-trade-api.ts';
import { createClarificationLink } from '../trades/clarification-links.ts';
import { receiveTrade } from '../trades/lifecycle-steps.ts';
import { openBlobStore } from './open-blob-store.ts';
import type { S3Settings } from './s3-settings.ts';

/** The device whose catalogue photo an operator adds while the nodes run. */
const photographedDevice = 1000;
const cataloguePhotoKey = 'test/phone-1000.jpg';

/** Trade numbers as the contract has them (`T-2026-` and six digits), a fresh one each call. */
let lastTradeNumber = 100_000 + Math.floor(Math.random() * 800_000);
const nextTradeNumber = () => `T-2026-${(lastTradeNumber += 1)}`;

/** A small JPEG, as a phone would send one. */
function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 24, channels: 3, background: '#38c' } })
    .jpeg()
    .toBuffer();
}

/** One API node: its own data folder, its own connection to the shared database, its server. */
interface ApiNode {
  db: TradeDb;
  dataDir: string;
  mailer: Mailer;
  server: RunningServer;
}

/** Starts a node as `openTradeApi` wires it, on a database handle and settings of its own. */
async function startNode(db: TradeDb, s3: S3Settings | undefined): Promise<ApiNode> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tradein-node-'));
  const config: TradeApiConfig = { ...testConfig, dataDir, s3 };
  const mailer = createMailer({ smtpUrl: undefined, outboxDir: join(dataDir, 'outbox') });
  const catalogue = await loadCatalogue(db);
  const server = await startTestServer(db, {
    ...createTradeApiOptions({ db, config, catalogue, mailer }),
    config,
  });
  return { db, dataDir, mailer, server };
}

/** The catalogue image of the photographed device, as a node answers it. */
const image = (node: ApiNode) =>
  fetch(`${node.server.origin}/api/trade/images/device/${photographedDevice}.svg`);

async function stopNode(node: ApiNode): Promise<void> {
  await node.server.close();
  node.mailer.close();
  await rm(node.dataDir, { recursive: true, force: true });
}

/** Where the nodes keep their files: the blobs table (PostgreSQL) or an S3 bucket. */
interface SharedStoreCase {
  engine: TestDatabase;
  s3: boolean;
}

// SQLite without S3 keeps the files in its one data folder: one node, nothing to share.
const cases: SharedStoreCase[] = testDatabases().flatMap((engine) =>
  engine.name === 'postgres'
    ? [
        { engine, s3: false },
        { engine, s3: true },
      ]
    : [{ engine, s3: true }],
);

/** A guest's trade of one device in `db`, with a token that owns it. */
async function guestTrade(db: TradeDb): Promise<{ tradeNumber: string; token: string }> {
  const guest = await createCustomer(db, { guest: true });
  const { tradeNumber } = await insertTrade(db, {
    customerId: guest.id,
    priceCents: 10_000,
    createdAt: new Date(),
    tradeNumber: nextTradeNumber(),
  });
  const token = await issueAccessToken(testConfig, {
    customerId: guest.id,
    lifetimeSeconds: guestTokenSeconds,
    now: new Date(),
  });
  return { tradeNumber, token };
}

describe.each(cases)(
  'two API nodes and the operator on $engine.name, S3 $s3',
  ({ engine, s3: useS3 }) => {
    let db: TradeDb;
    let s3: LocalS3 | undefined;
    let nodeA: ApiNode;
    let nodeB: ApiNode;
    let operatorDb: TradeDb;
    let operatorDir: string;

    beforeAll(async () => {
      db = await engine.create();
      await migrateToLatest(db);
      const catalogue = testCatalogue(6);
      await seedCatalogue(db, {
        ...catalogue,
        devices: catalogue.devices.map((device) =>
          device.id === photographedDevice ? { ...device, photo: cataloguePhotoKey } : device,
        ),
      });
      s3 = useS3 ? await startLocalS3() : undefined;
      nodeA = await startNode(db, s3?.settings);
      nodeB = await startNode(engine.connectAgain(db), s3?.settings);
      // The operator's machine: a connection and a data folder of its own.
      operatorDb = engine.connectAgain(db);
      operatorDir = await mkdtemp(join(tmpdir(), 'tradein-operator-'));
    });
    afterAll(async () => {
      await stopNode(nodeA);
      await stopNode(nodeB);
      await nodeB.db.destroy();
      await operatorDb.destroy();
      await rm(operatorDir, { recursive: true, force: true });
      await engine.destroy(db);
      await s3?.close();
    });

    it("serves through node B the seller's photo uploaded through node A", async () => {
      const { tradeNumber, token } = await guestTrade(db);
      const photos = `/api/trade/trades/${tradeNumber}/items/1/photos`;
      const uploaded = await fetch(`${nodeA.server.origin}${photos}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
        body: new Uint8Array(await jpeg()),
      });
      expect(uploaded.status).toBe(200);
      const [photo] = sellerPhotoListSchema.parse(await uploaded.json()).photos;
      const fromA = await fetch(`${nodeA.server.origin}${photo?.path}`, {
        headers: { authorization: `Bearer ${token}` },
      });

      const listed = await fetch(`${nodeB.server.origin}${photos}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(
        sellerPhotoListSchema.parse(await listed.json()).photos.map((entry) => entry.id),
      ).toEqual([photo?.id]);
      const fromB = await fetch(`${nodeB.server.origin}${photo?.path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(fromB.status).toBe(200);
      expect(fromB.headers.get('content-type')).toBe('image/jpeg');
      expect(fromB.headers.get('cache-control')).toBe(fromA.headers.get('cache-control'));
      expect(Buffer.from(await fromB.arrayBuffer())).toEqual(
        Buffer.from(await fromA.arrayBuffer()),
      );
    });

    it('serves from both nodes the inspection photo the operator added with npm run ops elsewhere', async () => {
      const { tradeNumber } = await guestTrade(db);
      await receiveTrade({ db, mailer: nodeA.mailer, clock: () => new Date() }, tradeNumber);
      const file = join(operatorDir, 'scratch.jpg');
      const bytes = await jpeg();
      await writeFile(file, bytes);
      const lines: string[] = [];
      const code = await runOpsCommand(
        ['inspect', tradeNumber, '--item', '1', '--photo', file],
        {
          db: operatorDb,
          mailer: nodeA.mailer,
          clock: () => new Date(),
          dataDir: operatorDir,
          s3: s3?.settings,
        },
        (line) => lines.push(line),
      );
      expect({ code, lines }).toMatchObject({ code: 0 });
      const trade = await db
        .selectFrom('trades')
        .select('id')
        .where('trade_number', '=', tradeNumber)
        .executeTakeFirstOrThrow();
      const { link } = await createClarificationLink(db, trade.id, new Date());
      for (const node of [nodeA, nodeB]) {
        const answer = await fetch(
          `${node.server.origin}/api/trade/clarifications/${link}/${tradeNumber}/photo/1`,
        );
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('image/jpeg');
        expect(answer.headers.get('cache-control')).toBe('private, no-store');
        expect(Buffer.from(await answer.arrayBuffer())).toEqual(bytes);
      }
    });

    it('serves a catalogue photo stored after both nodes started, from either node', async () => {
      expect((await image(nodeB)).headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      const bytes = await jpeg();
      const store = openBlobStore({ dataDir: operatorDir, s3: s3?.settings }, operatorDb);
      await cataloguePhotoStorage(store).put(cataloguePhotoKey, bytes, 'image/jpeg');
      for (const node of [nodeA, nodeB]) {
        const answer = await image(node);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('image/jpeg');
        expect(answer.headers.get('cache-control')).toBe('public, max-age=86400');
        expect(Buffer.from(await answer.arrayBuffer())).toEqual(bytes);
      }
    });
  },
);

describe('a node whose S3 store cannot be reached', () => {
  const engine = testDatabases()[0];
  let db: TradeDb;
  let s3: LocalS3;
  let node: ApiNode;

  beforeAll(async () => {
    if (engine === undefined) throw new Error('SQLite is always among the test databases');
    db = await engine.create();
    await migrateToLatest(db);
    const catalogue = testCatalogue(6);
    await seedCatalogue(db, {
      ...catalogue,
      devices: catalogue.devices.map((device) =>
        device.id === photographedDevice ? { ...device, photo: cataloguePhotoKey } : device,
      ),
    });
    s3 = await startLocalS3();
    node = await startNode(db, s3.settings);
  });
  afterAll(async () => {
    await stopNode(node);
    await engine?.destroy(db);
  });

  it('answers 503 storage_unavailable with Retry-After for files, and goes on serving the rest', async () => {
    const { tradeNumber, token } = await guestTrade(db);
    const photos = `${node.server.origin}/api/trade/trades/${tradeNumber}/items/1/photos`;
    const auth = { authorization: `Bearer ${token}` };
    const uploaded = await fetch(photos, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'image/jpeg' },
      body: new Uint8Array(await jpeg()),
    });
    const [photo] = sellerPhotoListSchema.parse(await uploaded.json()).photos;

    await s3.close();
    const answers = [
      await fetch(`${node.server.origin}${photo?.path}`, { headers: auth }),
      await fetch(photos, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'image/jpeg' },
        body: new Uint8Array(await jpeg()),
      }),
      await fetch(`${node.server.origin}/api/trade/images/device/${photographedDevice}.svg`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
      const body = (await answer.json()) as { error: { code: string; message: string } };
      expect(body.error).toEqual({
        code: apiErrorCode.storageUnavailable,
        message: 'Stored files cannot be reached right now; please try again in a moment',
      });
    }
    // The node itself is fine: the list comes from the database, drawings need no store, and a
    // removal needs only the row (the bytes stay behind in the bucket, named by nothing).
    expect((await fetch(photos, { headers: auth })).status).toBe(200);
    const removed = await fetch(`${node.server.origin}${photo?.path}`, {
      method: 'DELETE',
      headers: auth,
    });
    expect(removed.status).toBe(200);
    expect(sellerPhotoListSchema.parse(await removed.json()).photos).toEqual([]);
    const drawing = await fetch(`${node.server.origin}/api/trade/images/device/1001.svg`);
    expect(drawing.status).toBe(200);
    expect(drawing.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
  });
});
