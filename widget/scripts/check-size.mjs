// Size budget of the widget's initial download (JS with its CSS inlined). Fails above budget.
// Usage: node scripts/check-size.mjs   (after `npm run build`)
import { readdirSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Budget for the whole future sell flow's initial JS+CSS, gzip, in bytes (1 kB = 1000 B). */
const gzipBudget = 35_000;

const dist = new URL('../dist/', import.meta.url);
const read = (name) => readFileSync(new URL(name, dist));

function measure(buffer) {
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length,
  };
}

// The ES module build loads its entry plus the one locale chunk it needs: count the largest.
const chunks = readdirSync(new URL('chunks/', dist)).filter((name) => name.endsWith('.mjs'));
const largestChunk = chunks
  .map((name) => read(`chunks/${name}`))
  .reduce((largest, chunk) => (chunk.length > largest.length ? chunk : largest), Buffer.alloc(0));

const entries = [
  {
    name: 'tradein-widget.js (classic script, all locales inline)',
    bytes: read('tradein-widget.js'),
  },
  {
    name: 'tradein-widget.mjs + largest locale chunk (ES module)',
    bytes: Buffer.concat([read('tradein-widget.mjs'), largestChunk]),
  },
];

const kB = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;
let failed = false;
for (const { name, bytes } of entries) {
  const size = measure(bytes);
  const over = size.gzip > gzipBudget;
  failed ||= over;
  console.info(
    `${over ? 'OVER ' : 'ok   '} ${name}\n` +
      `      raw ${size.raw} B (${kB(size.raw)}), gzip ${size.gzip} B (${kB(size.gzip)}), ` +
      `brotli ${size.brotli} B (${kB(size.brotli)}); budget gzip ${kB(gzipBudget)}, ` +
      `headroom ${kB(gzipBudget - size.gzip)}`,
  );
}
if (failed) {
  console.error(`widget size budget exceeded (gzip > ${kB(gzipBudget)})`);
  process.exit(1);
}
