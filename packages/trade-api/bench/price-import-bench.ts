/**
 * Price import benchmark: seeds the 50,000-device benchmark catalogue (five editions, 250,000
 * prices) into a fresh SQLite file, exports the price list, moves every price by +3 % and times
 * `prices import` through the function the command line calls (read, parse, check, write with
 * history). With `TEST_DATABASE_URL` or `DATABASE_URL` it does the same on a fresh PostgreSQL
 * database it creates on that server (and drops afterwards). Fails (exit code 1) when an import
 * takes more than 10 s.
 *
 *   npm run bench:prices
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onThrowawayPostgres } from './bench-databases.ts';
import { importPrices } from '../src/catalogue-changes/price-import.ts';
import { priceListCsv } from '../src/catalogue-changes/price-list.ts';
import { createDatabase, type TradeDb } from '../src/db/create-database.ts';
import { migrateToLatest } from '../src/db/migrations.ts';
import { seedCatalogue } from '../src/db/seed-catalogue.ts';
import { generateBenchmarkCatalogue } from './benchmark-catalogue.ts';

const deviceCount = 50_000;
const budgetSeconds = 10;

/** Every price of an exported list moved by +3 % (recycling never above the base). */
function movedPriceList(lines: readonly string[]): string {
  const [header, ...rows] = lines;
  const moved = rows.map((line) => {
    // The name is the only field that may be quoted; the prices are the last two fields.
    const fields = line.split(',');
    const recycling = Number(fields.pop());
    const base = Number(fields.pop());
    const newBase = Math.round(base * 1.03);
    const newRecycling = Math.min(newBase, Math.round(recycling * 1.03));
    return [...fields, newBase, newRecycling].join(',');
  });
  return [header, ...moved].join('\n') + '\n';
}

/** Seeds, exports, moves and imports on one database; answers the import's seconds. */
async function benchmark(name: string, db: TradeDb, folder: string): Promise<number> {
  await migrateToLatest(db);
  let started = performance.now();
  await seedCatalogue(db, generateBenchmarkCatalogue(deviceCount));
  console.log(
    `${name}: seeded ${deviceCount} devices in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  started = performance.now();
  const lines: string[] = [];
  for await (const line of priceListCsv(db)) lines.push(line);
  console.log(
    `${name}: exported ${lines.length - 1} prices in ${((performance.now() - started) / 1000).toFixed(2)} s`,
  );
  if (lines.length - 1 !== deviceCount * 5) {
    throw new Error(`${name}: exported ${lines.length - 1} prices, not ${deviceCount * 5}`);
  }
  const file = join(folder, `prices-${name}.csv`);
  await writeFile(file, movedPriceList(lines));

  started = performance.now();
  const result = await importPrices(db, await readFile(file, 'utf8'), {
    origin: { actor: 'bench', source: `prices import ${file}` },
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${name}: import of ${lines.length - 1} rows changed ${result.changes.length} prices of ${result.devices} devices in ${seconds.toFixed(2)} s`,
  );
  if (result.changes.length !== lines.length - 1) {
    throw new Error(`${name}: expected every price to change`);
  }
  return seconds;
}

const folder = await mkdtemp(join(tmpdir(), 'tradein-price-bench-'));
const timings: { name: string; seconds: number }[] = [];
try {
  const sqlite = createDatabase({ sqliteFile: join(folder, 'trade.sqlite') });
  try {
    timings.push({ name: 'sqlite', seconds: await benchmark('sqlite', sqlite, folder) });
  } finally {
    await sqlite.destroy();
  }
  const postgres = await onThrowawayPostgres('price_bench', (db) =>
    benchmark('postgres', db, folder),
  );
  if (postgres !== undefined) timings.push({ name: 'postgres', seconds: postgres });
} finally {
  await rm(folder, { recursive: true, force: true });
}

const slow = timings.filter((timing) => timing.seconds > budgetSeconds);
if (slow.length > 0) {
  console.error(
    `price import benchmark FAILED: ${slow.map((timing) => `${timing.name} ${timing.seconds.toFixed(2)} s`).join(', ')} > ${budgetSeconds} s`,
  );
  process.exitCode = 1;
} else {
  console.log('price import benchmark passed');
}
