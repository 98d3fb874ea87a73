/**
 * Trades queue benchmark: writes 100,000 generated trades (two years, 30,000 customers, 1–3
 * lines each) into a fresh SQLite file and runs a mix of the back office's queue queries on
 * it through `queryTradeQueue`: the default view, each status tab, filters, searches by trade
 * number, e-mail and name, sorts and deeper pages. With `TEST_DATABASE_URL` or `DATABASE_URL`
 * it does the same on a fresh PostgreSQL database it creates on that server (and drops
 * afterwards). Prints p50/p95 per kind of query and overall; fails (exit code 1) when the p95
 * of all queries on a database is above 200 ms.
 *
 *   npm run bench:trade-queue
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  tradeQueueQuerySchema,
  tradeStatusSchema,
  type TradeQueueQueryInput,
} from '@tradein/contract';
import { sql } from 'kysely';
import { onThrowawayPostgres } from './bench-databases.ts';
import { seededRandom } from '../src/catalogue/catalogue-id.ts';
import { createDatabase, databaseDialect, type TradeDb } from '../src/db/create-database.ts';
import { migrateToLatest } from '../src/db/migrations.ts';
import { seedCatalogue } from '../src/db/seed-catalogue.ts';
import { queryTradeQueue } from '../src/ops/trade-queue.ts';
import {
  generateQueueTrades,
  insertQueueTrades,
  queueTradeNumber,
  type QueueCustomer,
  type QueueTrade,
} from '../test-kit/queue-trades.ts';
import { testCatalogue } from '../test-kit/stored-catalogue.ts';

const tradeCount = 100_000;
const customerCount = 30_000;
const rounds = 12;
const budgetMs = 200;

/** The queries of one round: what a clerk's day asks of the queue, by kind. */
function queryMix(
  random: () => number,
  customers: readonly QueueCustomer[],
  trades: readonly QueueTrade[],
): { kind: string; query: TradeQueueQueryInput }[] {
  const anyOf = <T>(list: readonly T[]): T => {
    const value = list[Math.floor(random() * list.length)];
    if (value === undefined) throw new Error('empty list');
    return value;
  };
  const customer = anyOf(customers);
  const trade = anyOf(trades);
  const number = queueTradeNumber(trade);
  return [
    { kind: 'default view', query: {} },
    ...tradeStatusSchema.options.map((status) => ({ kind: 'status tab', query: { status } })),
    { kind: 'status tab, oldest first', query: { status: 'received', direction: 'asc' } },
    { kind: 'edition', query: { edition: anyOf(['de', 'at', 'fr', 'es', 'it']) } },
    {
      kind: 'edition + status',
      query: { edition: anyOf(['at', 'it']), status: anyOf(['created', 'paid']) },
    },
    { kind: 'shop mode', query: { mode: anyOf(['b2bWidget', 'agan']) } },
    { kind: 'partner', query: { partner: anyOf(['mediamarkt', 'otto']), status: 'paid' } },
    { kind: 'date range', query: { from: '2026-03-01', to: '2026-03-31' } },
    {
      kind: 'date range + status',
      query: { from: '2025-06-01', to: '2025-12-31', status: 'paid' },
    },
    { kind: 'sort by total', query: { sort: 'total', direction: anyOf(['asc', 'desc']) } },
    { kind: 'sort by total in a tab', query: { status: 'paid', sort: 'total' } },
    { kind: 'search: trade number', query: { q: number } },
    { kind: 'search: number prefix', query: { q: number.slice(0, -2) } },
    { kind: 'search: e-mail prefix', query: { q: customer.email.slice(0, 8) } },
    { kind: 'search: name', query: { q: customer.lastName.toUpperCase() } },
    { kind: 'search: full name', query: { q: `${customer.firstName} ${customer.lastName}` } },
    { kind: 'page 20 of 50', query: { page: 20 } },
    { kind: 'page 100 of 100 (offset 9,900)', query: { page: 100, pageSize: 100 } },
  ];
}

/** The value below which a share of the sorted samples lie. */
function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/** Writes the trades, runs the mix; answers the overall p95 in ms. */
async function benchmark(name: string, db: TradeDb): Promise<number> {
  await migrateToLatest(db);
  await seedCatalogue(db, testCatalogue(6));
  const { customers, trades } = generateQueueTrades(
    tradeCount,
    customerCount,
    new Date('2026-11-27T12:00:00Z'),
  );
  let started = performance.now();
  await insertQueueTrades(db, customers, trades);
  // Statistics and, on PostgreSQL, the visibility map that index-only scans read, as a running
  // database has them (autovacuum after inserts; SQLite's `optimize`).
  await (databaseDialect(db) === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
  console.log(
    `${name}: wrote ${tradeCount} trades of ${customerCount} customers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const random = seededRandom(7);
  const timings = new Map<string, number[]>();
  let slowest = { ms: 0, query: {} as TradeQueueQueryInput };
  // One warm-up round, then the measured ones.
  for (let round = 0; round <= rounds; round += 1) {
    for (const { kind, query } of queryMix(random, customers, trades)) {
      const parsed = tradeQueueQuerySchema.parse(query);
      started = performance.now();
      const page = await queryTradeQueue(db, parsed);
      const ms = performance.now() - started;
      if (kind.startsWith('search: trade number') && page.total !== 1) {
        throw new Error(`${name}: ${kind} found ${page.total} trades`);
      }
      if (round === 0) continue;
      timings.set(kind, [...(timings.get(kind) ?? []), ms]);
      if (ms > slowest.ms) slowest = { ms, query };
    }
  }
  const all = [...timings.values()].flat().toSorted((a, b) => a - b);
  for (const [kind, samples] of timings) {
    const sorted = samples.toSorted((a, b) => a - b);
    console.log(
      `${name}: ${kind.padEnd(32)} p50 ${percentile(sorted, 0.5).toFixed(1).padStart(6)} ms   p95 ${percentile(sorted, 0.95).toFixed(1).padStart(6)} ms   max ${(sorted.at(-1) ?? 0).toFixed(1).padStart(6)} ms`,
    );
  }
  const p95 = percentile(all, 0.95);
  console.log(
    `${name}: all ${all.length} queries                 p50 ${percentile(all, 0.5).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   max ${(all.at(-1) ?? 0).toFixed(1).padStart(6)} ms`,
  );
  console.log(`${name}: slowest ${slowest.ms.toFixed(1)} ms: ${JSON.stringify(slowest.query)}`);
  return p95;
}

const folder = await mkdtemp(join(tmpdir(), 'tradein-queue-bench-'));
const results: { name: string; p95: number }[] = [];
try {
  const sqlite = createDatabase({ sqliteFile: join(folder, 'trade.sqlite') });
  try {
    results.push({ name: 'sqlite', p95: await benchmark('sqlite', sqlite) });
  } finally {
    await sqlite.destroy();
  }
  const postgres = await onThrowawayPostgres('queue_bench', (db) => benchmark('postgres', db));
  if (postgres !== undefined) results.push({ name: 'postgres', p95: postgres });
} finally {
  await rm(folder, { recursive: true, force: true });
}

const slow = results.filter((result) => result.p95 > budgetMs);
if (slow.length > 0) {
  console.error(
    `trades queue benchmark FAILED: ${slow.map((result) => `${result.name} p95 ${result.p95.toFixed(1)} ms`).join(', ')} > ${budgetMs} ms`,
  );
  process.exitCode = 1;
} else {
  console.log('trades queue benchmark passed');
}
