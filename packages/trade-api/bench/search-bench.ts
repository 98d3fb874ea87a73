/**
 * Device-search benchmark: builds the 50,000-device catalogue and its index, runs 1,000 seeded
 * typo/prefix queries and fails (exit code 1) when p95 latency exceeds 3 ms or fewer than 98 %
 * of the queries have the intended model among the first three hits.
 */
import { createSearchIndex } from '../src/search/search-index.ts';
import { generateQueries } from './search-query-generator.ts';
import { generateBenchmarkCatalogue } from './benchmark-catalogue.ts';

const deviceCount = 50_000;
const queryCount = 1_000;
const budgetP95Ms = 3;
const budgetTop3 = 0.98;

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

const catalogue = generateBenchmarkCatalogue(deviceCount);
const modelCount = new Set(catalogue.devices.map((device) => device.modelKey)).size;
console.log(`catalogue: ${catalogue.devices.length} devices, ${modelCount} models`);

const heapBefore = process.memoryUsage().heapUsed;
const buildStart = process.hrtime.bigint();
const index = createSearchIndex(catalogue, 'de');
const buildMs = Number(process.hrtime.bigint() - buildStart) / 1e6;
const heapAfter = process.memoryUsage().heapUsed;
console.log(
  `index build: ${buildMs.toFixed(0)} ms, heap +${((heapAfter - heapBefore) / 1e6).toFixed(1)} MB`,
);

const queries = generateQueries(catalogue, queryCount);
// Warm-up on a separate query set, so the measured run is not a second pass over cached text.
for (const query of generateQueries(catalogue, 500, 99))
  index.searchDevices(query.text, { limit: 10 });

const latencies: number[] = [];
const misses: { text: string; source: string; got: string[] }[] = [];
for (const query of queries) {
  const start = process.hrtime.bigint();
  const hits = index.searchDevices(query.text, { limit: 10 });
  latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
  if (!hits.slice(0, 3).some((hit) => hit.modelKey === query.modelKey)) {
    misses.push({
      text: query.text,
      source: query.source,
      got: hits.slice(0, 3).map((hit) => hit.modelKey),
    });
  }
}
latencies.sort((left, right) => left - right);
const p50 = percentile(latencies, 0.5);
const p95 = percentile(latencies, 0.95);
const p99 = percentile(latencies, 0.99);
const top3 = 1 - misses.length / queries.length;
console.log(
  `latency ms: p50 ${p50.toFixed(3)}  p95 ${p95.toFixed(3)}  p99 ${p99.toFixed(3)}  max ${(latencies[latencies.length - 1] ?? 0).toFixed(3)}`,
);
console.log(
  `top-3: ${(top3 * 100).toFixed(1)} % (${queries.length - misses.length}/${queries.length})`,
);
for (const miss of misses.slice(0, 10)) {
  console.log(
    `  miss: "${miss.text}" (from "${miss.source}") → ${miss.got.join(', ') || 'nothing'}`,
  );
}
const failures: string[] = [];
if (p95 > budgetP95Ms) failures.push(`p95 ${p95.toFixed(3)} ms > ${budgetP95Ms} ms`);
if (top3 < budgetTop3) failures.push(`top-3 ${(top3 * 100).toFixed(1)} % < ${budgetTop3 * 100} %`);
if (failures.length > 0) {
  console.error(`search benchmark FAILED: ${failures.join('; ')}`);
  process.exitCode = 1;
} else {
  console.log('search benchmark passed');
}
