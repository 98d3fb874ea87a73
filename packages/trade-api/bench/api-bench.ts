/**
 * API throughput benchmark: starts the production bundle of the shop server (the trade API on
 * the shop origin, SQLite in a fresh data folder) in its own process, then drives it with
 * autocannon: a trivial endpoint beside a mix of typo searches. Prints req/s and latency
 * percentiles and fails (exit code 1) when a budget breaks. The server runs with
 * `OFFER_RATE_LIMIT` raised for the benchmark's one client; the production default is unchanged.
 *
 *   npm run bench:api            (builds the server first when its bundle is missing)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildSearchRequest } from '@tradein/contract';
import { startBuiltServer } from '../../../scripts/built-server.mjs';
import { buildCatalogue } from '../src/catalogue/build-catalogue.ts';

const repositoryRoot = resolve(fileURLToPath(new URL('../../../', import.meta.url)));
const serverBundle = join(repositoryRoot, 'host-shop/dist/server/main.js');
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
/** Offers a minute the benchmark's single client may create: far above what 50 connections send. */
const benchmarkOfferAllowance = 1_000_000;

/** Budgets for 2 cores with client and server on the same machine. */
const budgets = {
  trivial: { minRequestsPerSecond: 3000, maxP99Ms: 60 },
  search: { minRequestsPerSecond: 1500, maxP99Ms: 100 },
  offer: { minRequestsPerSecond: 500, maxP99Ms: 250 },
  mix: { minRequestsPerSecond: 800, maxP99Ms: 200 },
};

/** Typo queries people really type: each seed model name with one letter dropped, plus prefixes. */
function searchBodies(): string[] {
  const models = [...new Set(buildCatalogue().devices.map((device) => device.model))];
  const bodies: string[] = [];
  for (const [index, model] of models.entries()) {
    const words = model.toLowerCase().split(' ');
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
    const cut = Math.min(longest.length - 1, 1 + (index % 3));
    const typo = model
      .toLowerCase()
      .replace(longest, longest.slice(0, cut) + longest.slice(cut + 1));
    const text =
      index % 4 === 0 ? model.toLowerCase().slice(0, Math.max(3, model.length - 2)) : typo;
    bodies.push(
      JSON.stringify(buildSearchRequest({ kind: 'deviceSearch', text }, 'devices_de', 10)),
    );
  }
  return bodies;
}

/**
 * Offer requests as the widget sends them after the questions: a seed device of each category,
 * every question answered, the answers varied so prices differ; every edition in turn.
 */
function offerBodies(): string[] {
  const catalogue = buildCatalogue();
  const editions = ['de', 'at', 'es', 'fr', 'it'] as const;
  const bodies: string[] = [];
  for (const [index, device] of catalogue.devices.entries()) {
    if (index % 7 !== 0) continue;
    const questions = catalogue.questions.filter(
      (question) => question.categoryId === device.categoryId,
    );
    const answers = questions.map((question, position) => {
      const answer = question.answers[(index + position) % question.answers.length];
      return { questionId: question.id, answerId: answer?.id ?? 0 };
    });
    bodies.push(
      JSON.stringify({ edition: editions[index % editions.length], deviceId: device.id, answers }),
    );
  }
  return bodies;
}

interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function run(name: string, options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections, duration: durationSeconds, ...options });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

if (!existsSync(serverBundle)) {
  console.log('building the server bundle (npm run build)…');
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: repositoryRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Logs dropped unread: reading them would take CPU from the load generator. Every request comes
// from this one address, so the benchmark gets an allowance above the per-client offer limit
// (30 a minute in production): the limit still counts each offer, its cost is measured.
const server = await startBuiltServer({
  dataDirPrefix: 'tradein-bench-',
  readLogs: false,
  env: { OFFER_RATE_LIMIT: String(benchmarkOfferAllowance) },
});
const { origin } = server;
let failed = false;
try {
  const bodies = searchBodies();
  const offers = offerBodies();
  let next = 0;
  let nextOffer = 0;
  let nextMixed = 0;
  const results = [
    await run('trivial: GET /api/health', { url: `${origin}/api/health` }),
    await run(`search mix: POST /api/trade/searches (${bodies.length} typo queries)`, {
      url: `${origin}/api/trade/searches`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
        },
      ],
    }),
    await run(`offer: POST /api/trade/offers (${offers.length} devices × answers, stored)`, {
      url: `${origin}/api/trade/offers`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        { setupRequest: (request) => ({ ...request, body: offers[nextOffer++ % offers.length] }) },
      ],
    }),
    // What a seller does: several keystrokes of search for each offer.
    await run('mix: 4 searches : 1 offer', {
      url: origin,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request) => {
            const turn = nextMixed++;
            return turn % 5 === 4
              ? { ...request, path: '/api/trade/offers', body: offers[turn % offers.length] }
              : { ...request, path: '/api/trade/searches', body: bodies[turn % bodies.length] };
          },
        },
      ],
    }),
  ];
  console.log(
    `\n${durationSeconds} s each, ${connections} connections, client and server on this machine`,
  );
  console.log(
    'endpoint'.padEnd(64),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'errors'.padStart(8),
  );
  for (const figures of results) {
    console.log(
      figures.name.padEnd(64),
      figures.requestsPerSecond.toFixed(0).padStart(8),
      String(figures.p50).padStart(8),
      String(figures.p99).padStart(8),
      String(figures.errors + figures.non2xx).padStart(8),
    );
  }
  const checks: [Figures | undefined, { minRequestsPerSecond: number; maxP99Ms: number }][] = [
    [results[0], budgets.trivial],
    [results[1], budgets.search],
    [results[2], budgets.offer],
    [results[3], budgets.mix],
  ];
  for (const [figures, budget] of checks) {
    if (!figures) continue;
    const problems = [
      figures.requestsPerSecond < budget.minRequestsPerSecond &&
        `below ${budget.minRequestsPerSecond} req/s`,
      figures.p99 > budget.maxP99Ms && `p99 above ${budget.maxP99Ms} ms`,
      figures.errors + figures.non2xx > 0 && `${figures.errors + figures.non2xx} failed requests`,
    ].filter(Boolean);
    if (problems.length > 0) {
      failed = true;
      console.error(`BUDGET BROKEN: ${figures.name}: ${problems.join(', ')}`);
    }
  }
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
