import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTradeApiConfig, type TradeApiConfig } from '../config/trade-api-config.ts';
import type { TradeDb } from '../db/create-database.ts';
import { loadCatalogue } from '../db/load-catalogue.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { createTradeApiOptions } from '../server/open-trade-api.ts';
import { createTradeApiServer } from '../server/trade-api-server.ts';
import { checkout } from '../trades/checkout.ts';
import { readOutbox } from '../../test-kit/outbox-mail.ts';
import { testCatalogue } from '../../test-kit/stored-catalogue.ts';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { checkoutBody, createCustomer, insertOffer } from '../../test-kit/trade-test-kit.ts';
import { runOps } from './ops-run.ts';

/** The shop's origin as the node is configured; the command line is told nothing of it. */
const nodeOrigin = 'http://shop.test:9123';
/** The German shop as the node is configured (`SHOP_ORIGINS`): a German trade's links go there. */
const germanShop = 'http://de.shop.test:9123';

describe.each(testDatabases())('npm run ops against a running node on $name', (engine) => {
  let db: TradeDb;
  let dataDir: string;
  let mailer: Mailer;
  let node: FastifyInstance;
  /** The environment of the command line: the same database and data folder, no origin. */
  let opsEnvironment: Record<string, string>;
  let config: TradeApiConfig;

  beforeAll(async () => {
    db = await engine.create();
    const settings = engine.settings(db);
    // SQLite keeps its file in the data folder; PostgreSQL gets a data folder of its own.
    dataDir = settings['DATA_DIR'] ?? (await mkdtemp(join(tmpdir(), 'tradein-ops-')));
    opsEnvironment = { ...settings, DATA_DIR: dataDir, NODE_ENV: 'test' };
    config = readTradeApiConfig({
      ...opsEnvironment,
      PUBLIC_ORIGIN: nodeOrigin,
      SHOP_ORIGINS: JSON.stringify({ de: { default: germanShop } }),
    });
    await migrateToLatest(db);
    await seedCatalogue(db, testCatalogue(6));
    mailer = createMailer({ smtpUrl: undefined, outboxDir: join(dataDir, 'outbox') });
    const catalogue = await loadCatalogue(db);
    // The node's worker looks for due jobs every 50 ms instead of every 10 s.
    const options = createTradeApiOptions({ db, config, catalogue, mailer, jobIntervalMs: 50 });
    node = await createTradeApiServer({ ...options, db, config, logger: false });
    await node.ready();
  });
  afterAll(async () => {
    await node.close();
    mailer.close();
    await engine.destroy(db);
    await rm(dataDir, { recursive: true, force: true });
  });

  async function ops(...argv: string[]): Promise<string> {
    const lines: string[] = [];
    const code = await runOps(argv, opsEnvironment, (line) => lines.push(line));
    expect({ argv, code }).toEqual({ argv, code: 0 });
    return lines.join('\n');
  }

  it("mails a clarification that links the trade's shop as the node knows it, not the command line's default", async () => {
    // The command line's own default would be http://localhost:8080 (no PORT, no PUBLIC_ORIGIN).
    expect(readTradeApiConfig(opsEnvironment).publicOrigin).toBe('http://localhost:8080');
    const customer = await createCustomer(db);
    const offerId = await insertOffer(db, { priceCents: 20_000 });
    const trade = await checkout(
      { db, mailer, clock: () => new Date(), config },
      customer.id,
      checkoutBody([{ offerId, quantity: 1 }]),
      '127.0.0.1',
    );
    await ops('receive', trade.tradeNumber);
    await ops('inspect', trade.tradeNumber, '--item', '1', '--finding', 'GRADE=GRADE_USED');
    const clarified = await ops('clarify', trade.tradeNumber, '--item', '1', '--price', '15000');
    expect(clarified).toContain("linking the shop of the trade's edition and mode");

    let links: URL[] = [];
    for (let attempt = 0; attempt < 200 && links.length === 0; attempt += 1) {
      const mail = (await readOutbox(join(dataDir, 'outbox'))).find(
        (entry) => entry.kind === 'clarification' && entry.to === customer.email,
      );
      links = [...(mail?.text ?? '').matchAll(/https?:\/\/\S+/g)].map((link) => new URL(link[0]));
      if (links.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(links.map((link) => link.pathname.split('/')[1])).toEqual([
      'clarification',
      'clarificationQuickAnswer',
    ]);
    expect(new Set(links.map((link) => link.origin))).toEqual(new Set([germanShop]));
  });
});
