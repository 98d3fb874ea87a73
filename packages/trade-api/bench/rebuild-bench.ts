/**
 * Search while the catalogue changes: the 50,000-device benchmark catalogue in a fresh SQLite
 * file, served by the production bundle of the API node in its own process; 50 connections
 * search it without pause (typo and prefix queries of that catalogue). First a quiet phase;
 * then a catalogue change (one device retired) makes the node read the whole catalogue again
 * and rebuild its search indexes while the searches go on; then a change of all 250,000 prices
 * makes it read the price list again. Fails (exit code 1) when a request fails or the p99 of
 * the requests during a reload exceeds twice the quiet p99.
 *
 *   npm run bench:rebuild        (builds the API node first when its bundle is missing)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSearchRequest } from '@tradein/contract';
import { freePort } from '../../../scripts/built-server.mjs';
import { runCatalogueChange } from '../src/catalogue-changes/catalogue-change.ts';
import { createDatabase } from '../src/db/create-database.ts';
import { migrateToLatest } from '../src/db/migrations.ts';
import { seedCatalogue } from '../src/db/seed-catalogue.ts';
import { generateBenchmarkCatalogue } from './benchmark-catalogue.ts';
import { generateQueries } from './search-query-generator.ts';

const repositoryRoot = resolve(fileURLToPath(new URL('../../../', import.meta.url)));
const apiBundle = join(repositoryRoot, 'packages/trade-api/dist/api/api-node.js');
const deviceCount = 50_000;
const connections = 50;
const quietSeconds = Number(process.env.BENCH_SECONDS ?? 10);
/** The budget: p99 during the rebuild at most this many times the quiet p99. */
const maxP99Ratio = 2;

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

if (!existsSync(apiBundle)) {
  console.log('building the API node …');
  const built = spawnSync('npm', ['run', 'build', '-w', '@tradein/trade-api'], {
    cwd: repositoryRoot,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'tradein-rebuild-bench-'));
const sqliteFile = join(dataDir, 'trade.sqlite');
const catalogue = generateBenchmarkCatalogue(deviceCount);
const db = createDatabase({ sqliteFile });
let seedMs = performance.now();
await migrateToLatest(db);
await seedCatalogue(db, catalogue);
seedMs = performance.now() - seedMs;
console.log(
  `catalogue: ${catalogue.devices.length} devices seeded in ${(seedMs / 1000).toFixed(1)} s`,
);

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
let startMs = performance.now();
const node = spawn(process.execPath, [apiBundle], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    OFFER_RATE_LIMIT: '1000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function revisionServed(): Promise<number> {
  const response = await fetch(`${origin}/api/trade/catalogue/revision`);
  return ((await response.json()) as { revision: number }).revision;
}

async function stop(code: number): Promise<never> {
  if (node.exitCode === null) {
    const exited = new Promise((done) => node.once('exit', done));
    node.kill('SIGTERM');
    await exited;
  }
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}

for (;;) {
  if (node.exitCode !== null) {
    console.error(`the API node exited with ${node.exitCode}`);
    await stop(1);
  }
  try {
    if ((await fetch(`${origin}/api/health`)).ok) break;
  } catch {
    // not listening yet
  }
  await new Promise((done) => setTimeout(done, 200));
}
startMs = performance.now() - startMs;
console.log(`API node up in ${(startMs / 1000).toFixed(1)} s (load and index the catalogue)`);

const bodies = generateQueries(catalogue, 1000).map((query) =>
  JSON.stringify(buildSearchRequest({ kind: 'deviceSearch', text: query.text }, 'devices_de', 10)),
);

interface Sample {
  startedAt: number;
  ms: number;
  ok: boolean;
}

/** Searches from `connections` loops until `until()` says stop; every request's time and outcome. */
async function load(until: () => boolean): Promise<Sample[]> {
  const samples: Sample[] = [];
  let next = 0;
  const loop = async () => {
    while (!until()) {
      const body = bodies[next++ % bodies.length] ?? '';
      const startedAt = performance.now();
      let ok = false;
      try {
        const response = await fetch(`${origin}/api/trade/searches`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        const answer = (await response.json()) as { hits?: unknown[] };
        ok = response.status === 200 && Array.isArray(answer.hits);
      } catch {
        ok = false;
      }
      samples.push({ startedAt, ms: performance.now() - startedAt, ok });
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  return samples;
}

function figures(name: string, samples: readonly Sample[], seconds: number) {
  const sorted = samples.map((sample) => sample.ms).toSorted((a, b) => a - b);
  const failed = samples.filter((sample) => !sample.ok).length;
  const row = {
    name,
    requests: samples.length,
    failed,
    perSecond: samples.length / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
  };
  console.log(
    `${name.padEnd(28)} ${String(row.requests).padStart(7)} requests  ${row.perSecond.toFixed(0).padStart(6)} req/s  p50 ${row.p50.toFixed(1)} ms  p99 ${row.p99.toFixed(1)} ms  max ${row.max.toFixed(0)} ms  failed ${failed}`,
  );
  return row;
}

// Warm-up, then the quiet phase.
await load(
  (
    (end) => () =>
      performance.now() > end
  )(performance.now() + 3000),
);
const quietEnds = performance.now() + quietSeconds * 1000;
const quiet = figures('quiet', await load(() => performance.now() > quietEnds), quietSeconds);

/**
 * Writes a change while the searches go on and measures until the node serves its revision:
 * the requests started in between, and how long it took from the commit's start.
 */
async function phase(
  name: string,
  write: () => Promise<unknown>,
): Promise<{ window: Sample[]; all: Sample[]; seconds: number }> {
  const before = await revisionServed();
  let served = false;
  let started = 0;
  let ended = 0;
  const watcher = (async () => {
    await new Promise((done) => setTimeout(done, 1000));
    started = performance.now();
    await write();
    for (;;) {
      await new Promise((done) => setTimeout(done, 100));
      if ((await revisionServed()) > before) break;
    }
    ended = performance.now();
    served = true;
  })();
  const all = await load(() => served);
  await watcher;
  const window = all.filter((sample) => sample.startedAt >= started && sample.startedAt <= ended);
  const seconds = (ended - started) / 1000;
  figures(name, window, seconds);
  console.log(`  change written → served by the node: ${seconds.toFixed(1)} s`);
  return { window, all, seconds };
}

const changeOrigin = { actor: 'bench', source: 'bench:rebuild' };
// A catalogue change (one device retired): the node reads everything and rebuilds its indexes.
const rebuild = await phase('during the rebuild', () =>
  runCatalogueChange(
    db,
    { kind: 'catalogue', note: 'benchmark: retire one device', origin: changeOrigin },
    ({ trx, now }) =>
      trx
        .updateTable('devices')
        .set({ retired_at: now.toISOString() })
        .where('id', '=', catalogue.devices[0]?.id ?? 0)
        .execute(),
  ),
);
// A price change of every device in every edition: the node reads the price list only.
const repricing = await phase('during a price reload', () =>
  runCatalogueChange(
    db,
    { kind: 'prices', note: 'benchmark: every base price +1 €', origin: changeOrigin },
    ({ trx }) =>
      trx
        .updateTable('device_prices')
        .set((eb) => ({ base_price_cents: eb('base_price_cents', '+', 100) }))
        .execute(),
  ),
);

const broken: string[] = [];
for (const [name, measured] of [
  ['the rebuild', rebuild],
  ['the price reload', repricing],
] as const) {
  const sorted = measured.window.map((sample) => sample.ms).toSorted((a, b) => a - b);
  const ratio = percentile(sorted, 0.99) / quiet.p99;
  console.log(`p99 during ${name} / quiet p99: ${ratio.toFixed(2)} (budget ≤ ${maxP99Ratio})`);
  if (measured.all.some((sample) => !sample.ok)) broken.push(`a request failed during ${name}`);
  if (ratio > maxP99Ratio)
    broken.push(`p99 ratio during ${name} ${ratio.toFixed(2)} > ${maxP99Ratio}`);
  if (measured.window.length === 0) broken.push(`no request ran during ${name}`);
}
if (quiet.failed > 0) broken.push('a request failed in the quiet phase');
if (broken.length > 0) {
  console.error(`FAILED: ${broken.join('; ')}`);
  await stop(1);
}
console.log('budget kept');
await stop(0);
