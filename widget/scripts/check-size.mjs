// Size budget of the widget's initial download: what a browser fetches before the first screen
// (the device search) can be used, in the bytes the server sends: the build's precompressed
// `.gz` and `.br` copies (served by @fastify/static's preCompressed). Fails above budget, and
// when a file has no precompressed copy (it would go out uncompressed). Every later step, and the code of the
// first search call, are fetched after that (prefetched while the browser idles); they are
// listed for information. Follows the real module graph from Vite's build manifest.
// Usage: node scripts/check-size.mjs   (after `npm run build`)
import { existsSync, readFileSync } from 'node:fs';

/** Budget for the initial JS+CSS (CSS is inside the JS), gzip, in bytes (1 kB = 1000 B). */
const gzipBudget = 35_000;

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));

/** The size of a built file's precompressed copy; fails the check when there is none. */
function sizeOf(file) {
  const url = new URL(file, dist);
  if (!existsSync(url)) {
    console.error(`${file} is missing: the build must precompress every file it serves`);
    process.exit(1);
  }
  return readFileSync(url).length;
}

/** A file as the server sends it: raw, or its gzip (level 9) or brotli (quality 11) copy. */
function measure(file) {
  return {
    file,
    raw: sizeOf(file),
    gzip: sizeOf(`${file}.gz`),
    brotli: sizeOf(`${file}.br`),
  };
}

/** The files a module loads: its own and, transitively, those it imports statically. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (chunk === undefined) throw new Error(`build manifest has no entry ${key}`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entry = manifest[entryKey];
const dynamicKeys = entry.dynamicImports ?? [];
// One catalog per language, and formal German (`de-formal.po`) for the B2B mode.
const coreCatalogs = dynamicKeys.filter((key) =>
  /^src\/locales\/([a-z]{2}|de-formal)\.po$/.test(key),
);
if (coreCatalogs.length !== 6) throw new Error(`expected 6 locale catalogs, found ${coreCatalogs}`);

const sum = (sizes, field) => sizes.reduce((total, size) => total + size[field], 0);
const kB = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;

// The element needs its module graph plus the catalog of its one language: count the largest.
const largestCatalog = coreCatalogs
  .map((key) => [...staticClosure(key)].map(measure))
  .reduce((largest, sizes) => (sum(sizes, 'gzip') > sum(largest, 'gzip') ? sizes : largest));
const initial = [
  measure('tradein-widget.js'),
  ...[...staticClosure(entryKey)].map(measure),
  ...largestCatalog,
];
const loaded = new Set(initial.map((size) => size.file));

console.info('Initial download (before the search box can be used):');
for (const size of initial) {
  console.info(
    `  ${size.file.padEnd(44)} raw ${String(size.raw).padStart(6)}  gzip ${String(size.gzip).padStart(6)}  brotli ${String(size.brotli).padStart(6)}`,
  );
}
const initialGzip = sum(initial, 'gzip');
console.info(
  `  total: raw ${kB(sum(initial, 'raw'))}, gzip ${kB(initialGzip)}, brotli ${kB(sum(initial, 'brotli'))}` +
    `; budget gzip ${kB(gzipBudget)}, headroom ${kB(gzipBudget - initialGzip)}`,
);

console.info('Fetched later, each when first needed or ahead of it (gzip, German catalogs):');
for (const key of dynamicKeys.filter((name) => !coreCatalogs.includes(name))) {
  const files = staticClosure(key);
  const chunk = manifest[key];
  for (const catalog of (chunk.dynamicImports ?? []).filter((name) => name.endsWith('/de.po'))) {
    staticClosure(catalog, files);
  }
  const fresh = [...files].filter((file) => !loaded.has(file)).map(measure);
  for (const size of fresh) loaded.add(size.file);
  console.info(`  ${key.padEnd(44)} gzip ${kB(sum(fresh, 'gzip'))} (${fresh.length} files)`);
}

if (initialGzip > gzipBudget) {
  console.error(`widget size budget exceeded: initial ${kB(initialGzip)} gzip > ${kB(gzipBudget)}`);
  process.exit(1);
}
