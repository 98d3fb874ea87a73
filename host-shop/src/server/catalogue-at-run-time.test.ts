import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { formatMoney } from '@tradein/editions';
import { createDatabase, createMailer, runOpsCommand } from '@tradein/trade-api/test-kit';
import { readTradeApiConfig } from '@tradein/trade-api';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogueSearchKit } from './catalogue-search-kit.ts';
import { mainOf, useTestShop } from './test-shop.ts';

/*
 * What an operator changes on a running shop reaches its pages without a restart: a new model
 * imported with `npm run ops -- catalogue import` gets a product page and a sitemap entry, a
 * price adjustment shows on that page, and a retired device leaves the sitemap. The commands
 * run as `npm run ops` does, with a database handle of their own on the shop's data folder.
 */

const shop = useTestShop();

/** How long a change may take to reach the pages: the node looks every second, the shop too. */
const withinMs = 5000;

const newModels = [
  {
    category: 'smartphones',
    manufacturer: 'samsung',
    series: [
      {
        name: 'Galaxy S99',
        models: [
          { model: 'Galaxy S99', released: '2026-02', launchEuros: 999, variants: '256|512' },
        ],
      },
    ],
  },
];
const productPath = '/produkte/samsung-galaxy-s99-256-gb';

let folder: string;
let operator: { run(...argv: string[]): Promise<string[]>; close(): Promise<void> };

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'catalogue-at-run-time-'));
  const config = readTradeApiConfig({ DATA_DIR: dirname(shop.outbox), NODE_ENV: 'test' });
  const db = createDatabase(config);
  const mailer = createMailer({ smtpUrl: undefined, outboxDir: join(folder, 'outbox') });
  const deps = { db, mailer, clock: () => new Date(), dataDir: folder };
  operator = {
    async run(...argv) {
      const lines: string[] = [];
      const code = await runOpsCommand(argv, deps, (line) => lines.push(line));
      if (code !== 0)
        throw new Error(`ops ${argv.join(' ')} failed (${code}): ${lines.join('\n')}`);
      return lines;
    },
    async close() {
      mailer.close();
      await db.destroy();
    },
  };
});

afterAll(async () => {
  await operator.close();
  await rm(folder, { recursive: true, force: true });
});

/** Asks `check` again every 100 ms until it holds or {@link withinMs} has passed; answers the time taken. */
async function within(check: () => Promise<boolean>): Promise<number> {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > withinMs) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return performance.now() - start;
}

const { deviceOf } = catalogueSearchKit(shop.api);
/** The imported device as the API answers its product url in de. */
const productDevice = () => deviceOf('de', 'samsung-galaxy-s99-256-gb');

const sitemapLists = async (path: string) =>
  (await shop.get('de.localhost', '/sitemap.xml')).body.includes(`${path}</loc>`);

it('shows an imported model, its new price and its retirement without a restart', async () => {
  // Before: no such page, and the sitemap (cached per catalogue revision) does not list it.
  expect((await shop.get('de.localhost', productPath)).statusCode).toBe(404);
  expect(await sitemapLists(productPath)).toBe(false);

  const file = join(folder, 'models.json');
  await writeFile(file, JSON.stringify(newModels));
  await operator.run('catalogue', 'import', file);
  const pageAfter = await within(
    async () => (await shop.get('de.localhost', productPath)).statusCode === 200,
  );
  const sitemapAfter = await within(() => sitemapLists(productPath));
  expect({ pageAfter: pageAfter <= withinMs, sitemapAfter: sitemapAfter <= withinMs }).toEqual({
    pageAfter: true,
    sitemapAfter: true,
  });
  const device = await productDevice();
  expect(device.name).toBe('Samsung Galaxy S99 256 GB');
  expect(mainOf((await shop.get('de.localhost', productPath)).body)).toContain(
    `bis zu ${formatMoney('de', device.bestPriceCents, 'short')}`,
  );
  const cents = device.bestPriceCents;

  // The price moves: the page says so within seconds.
  await operator.run(
    'prices',
    'adjust',
    '--edition',
    'de',
    '--series',
    'Galaxy S99',
    '--percent',
    '-10',
  );
  const lowered = `bis zu ${formatMoney('de', Math.round(cents * 0.9), 'short')}`;
  const priceAfter = await within(async () =>
    mainOf((await shop.get('de.localhost', productPath)).body).includes(lowered),
  );
  expect(priceAfter).toBeLessThanOrEqual(withinMs);

  // Retired: no longer in the sitemap; its page stays and says it can no longer be sold.
  await operator.run('catalogue', 'retire', String(device.id));
  const gone = await within(async () => !(await sitemapLists(productPath)));
  expect(gone).toBeLessThanOrEqual(withinMs);
  expect((await shop.get('de.localhost', productPath)).statusCode).toBe(200);
}, 60_000);
