// Load and search benchmark of the built <tradein-widget> in headless Chromium, CPU throttled 4×
// and with the browser cache disabled, against the production bundle of the shop server (widget
// at /widget/, trade API at /api/, fresh seeded database in a temporary folder). Measures:
//   1. the bytes a seller downloads before they can search: every JS/CSS file under /widget/
//      fetched by a page holding only the classic script and `<tradein-widget edition="de">`
//      until the search box is interactive, on the wire as Chromium received them (resource
//      timing's encodedBodySize; every file must arrive compressed), beside the dist/ files and
//      their precompressed `.gz` and `.br` copies;
//      files every run needed are budgeted, later ones (prefetched after the box is
//      interactive, or loaded while typing) are listed beside them;
//   2. load → interactive search box, in the page: from the start of the tradein-widget.js
//      request to the first animation frame where the combobox in the shadow root is enabled
//      and visible;
//   3. keystroke → rendered results: from the keydown of the last key of `iphone 13` to the
//      first frame showing options (first one "iPhone 13"), the search debounce included.
// Each timing runs 7 times (BENCH_RUNS overrides), each in a fresh browser context, after one
// warm-up run; prints median and max. Fails (exit code 1) when a budget breaks.
//
//   npm run build && npm run bench:widget        (CHROME_PATH overrides /usr/bin/chromium)
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'puppeteer-core';
import { startBuiltServer } from '../../scripts/built-server.mjs';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const classicScript = join(dist, 'tradein-widget.js');

const runs = Number(process.env.BENCH_RUNS ?? 7);
const cpuThrottlingRate = 4;
const query = 'iphone 13';
const expectedFirstResult = 'iPhone 13';
const codeFile = /\.(?:m?js|css)$/;

/** Budgets (1 kB = 1000 B); the timings are medians at 4× CPU throttling on 2 cores. */
const budgets = { initialWireBytes: 35_000, loadToInteractiveMs: 1500, keystrokeToResultsMs: 1000 };

// The page a partner writes: the classic script, then the element. Served by the bench itself
// on the server's origin, so the script and the API are same-origin as on the shop.
const benchPath = '/bench.html';
const benchPage = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="utf-8">
    <title>tradein-widget bench</title>
    <script src="/widget/tradein-widget.js"></script>
  </head>
  <body>
    <tradein-widget edition="de"></tradein-widget>
  </body>
</html>
`;

// Runs in the page before any of its scripts: polls once per animation frame (no Node round
// trip in the measurement) and exposes the moments as promises on `window.tradeinBench`.
// Serialized into the page, so every helper it uses must be declared inside it.
function instrumentPage(searchText, firstResult) {
  // oxlint-disable-next-line unicorn/consistent-function-scoping
  const widgetRoot = () => document.querySelector('tradein-widget')?.shadowRoot ?? null;
  const searchBox = () => widgetRoot()?.querySelector('[role="combobox"]') ?? null;
  // oxlint-disable-next-line unicorn/consistent-function-scoping
  const whenFrame = (check) =>
    new Promise((resolve) => {
      const poll = () => {
        const value = check();
        if (value !== undefined) resolve(value);
        else requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    });

  // A resource entry appears once its response has fully arrived.
  // oxlint-disable-next-line unicorn/consistent-function-scoping
  const widgetResources = () =>
    performance
      .getEntriesByType('resource')
      .map((entry) => ({
        pathname: new URL(entry.name).pathname,
        startTime: entry.startTime,
        // The body as it came over the network: compressed when the server compressed it.
        wire: entry.encodedBodySize,
        encoded: entry.encodedBodySize < entry.decodedBodySize,
      }))
      .filter((entry) => entry.pathname.startsWith('/widget/'));

  const interactive = whenFrame(() => {
    const input = searchBox();
    if (!input || input.disabled || !input.checkVisibility()) return undefined;
    return { at: performance.now(), resources: widgetResources() };
  });

  let firstKeyAt;
  let lastKeyAt;
  const results = interactive.then(() => {
    searchBox().addEventListener('keydown', () => {
      lastKeyAt = performance.now();
      firstKeyAt ??= lastKeyAt;
    });
    return whenFrame(() => {
      const root = widgetRoot();
      const input = searchBox();
      // Results of an earlier prefix do not count: the box must hold the whole text and the
      // list must be done loading (typing marks it busy at once, before the debounce).
      if (input?.value !== searchText || root.querySelector('[aria-busy="true"]')) return undefined;
      const listbox = root.querySelector('[role="listbox"]');
      const options = root.querySelectorAll('[role="option"]');
      if (!listbox || listbox.hidden || options.length === 0) return undefined;
      const first = options[0].textContent ?? '';
      if (!first.includes(firstResult)) {
        return { error: `first result for "${searchText}" is "${first}", not "${firstResult}"` };
      }
      if (lastKeyAt === undefined) return { error: 'the search box saw no keydown' };
      return { at: performance.now(), firstKeyAt, lastKeyAt, resources: widgetResources() };
    });
  });

  window.tradeinBench = { interactive, results, searchBox };
}

/** One cold load and search in a fresh context: timings in ms and the widget files fetched. */
async function measureOnce(browser, origin) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const session = await page.createCDPSession();
    await session.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottlingRate });
    await page.setCacheEnabled(false);
    // Only the bench page is intercepted, so the widget's own requests are never paused.
    await session.send('Fetch.enable', {
      patterns: [{ urlPattern: `${origin}${benchPath}`, requestStage: 'Request' }],
    });
    session.on('Fetch.requestPaused', ({ requestId }) => {
      void session.send('Fetch.fulfillRequest', {
        requestId,
        responseCode: 200,
        responseHeaders: [{ name: 'content-type', value: 'text/html; charset=utf-8' }],
        body: Buffer.from(benchPage).toString('base64'),
      });
    });
    const pageErrors = [];
    // A missing or failing widget file (say, dist/ rebuilt mid-run) stops the run at once.
    let reportFailure;
    const failure = new Promise((_, reject) => (reportFailure = reject));
    failure.catch(() => {});
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/widget/') && response.status() >= 400) {
        reportFailure(new Error(`${pathname} answered ${response.status()}`));
      }
    });
    page.on('requestfailed', (request) => {
      const { pathname } = new URL(request.url());
      const reason = request.failure()?.errorText ?? 'failed';
      if (pathname.startsWith('/widget/')) reportFailure(new Error(`${pathname}: ${reason}`));
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.evaluateOnNewDocument(instrumentPage, query, expectedFirstResult);
    await page.bringToFront();

    await page.goto(`${origin}${benchPath}`, { waitUntil: 'domcontentloaded' });
    const interactive = await withTimeout(
      page.evaluate(() => window.tradeinBench.interactive),
      'the search box to become interactive',
      { failure, pageErrors },
    );
    const script = interactive.resources.find(
      (entry) => entry.pathname === '/widget/tradein-widget.js',
    );
    if (!script) throw new Error('no resource timing entry for /widget/tradein-widget.js');

    const searchBox = await page.evaluateHandle(() => window.tradeinBench.searchBox());
    await searchBox.focus();
    await page.keyboard.type(query);
    const results = await withTimeout(
      page.evaluate(() => window.tradeinBench.results),
      `results for "${query}"`,
      { failure, pageErrors },
    );
    if (results.error) throw new Error(results.error);

    const code = (entries) =>
      entries.map((entry) => entry.pathname).filter((pathname) => codeFile.test(pathname));
    const initialFiles = code(interactive.resources);
    const later = results.resources.filter((entry) => !initialFiles.includes(entry.pathname));
    const wireOf = Object.fromEntries(
      results.resources.map((entry) => [
        entry.pathname,
        { wire: entry.wire, encoded: entry.encoded },
      ]),
    );
    return {
      wireOf,
      loadFromScriptMs: interactive.at - script.startTime,
      loadFromNavigationMs: interactive.at,
      keystrokeToResultsMs: results.at - results.lastKeyAt,
      initialFiles,
      beforeTypingFiles: code(later.filter((entry) => entry.startTime < results.firstKeyAt)),
      whileTypingFiles: code(later.filter((entry) => entry.startTime >= results.firstKeyAt)),
    };
  } finally {
    await context.close();
  }
}

/** Waits for `promise`, failing early on `failure` and after `timeoutMs` with the page's errors. */
async function withTimeout(promise, what, { failure, pageErrors }, timeoutMs = 30_000) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => {
      const errors = pageErrors.length > 0 ? ` (page errors: ${pageErrors.join('; ')})` : '';
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}${errors}`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout, failure]);
  } finally {
    clearTimeout(timer);
  }
}

function compressedSizes(pathname) {
  const file = join(dist, decodeURIComponent(pathname.slice('/widget/'.length)));
  if (!file.startsWith(dist) || !existsSync(file)) {
    throw new Error(`${pathname} was served but is not in widget/dist`);
  }
  return {
    raw: statSync(file).size,
    gzip: existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : Number.NaN,
    brotli: existsSync(`${file}.br`) ? statSync(`${file}.br`).size : Number.NaN,
  };
}

const median = (values) => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const bytes = (value) => `${value.toLocaleString('en-US')} B`;
const ms = (value) => `${Math.round(value).toLocaleString('en-US')} ms`;

function sumSizes(files) {
  return files
    .map((pathname) => compressedSizes(pathname))
    .reduce(
      (sum, size) => ({
        raw: sum.raw + size.raw,
        gzip: sum.gzip + size.gzip,
        brotli: sum.brotli + size.brotli,
      }),
      { raw: 0, gzip: 0, brotli: 0 },
    );
}

/** Prints what the runs downloaded; returns the budgeted total (files every run needed). */
function printBytes(samples) {
  const everyRun = (key) =>
    samples[0][key].filter((file) => samples.every((sample) => sample[key].includes(file)));
  const initial = everyRun('initialFiles');
  // On the wire: the largest body any run received for the file (the same in every run, as the
  // cache is off), and whether it came compressed.
  const received = (pathname) =>
    samples.map((sample) => sample.wireOf[pathname]).filter((entry) => entry !== undefined);
  const wireOf = (pathname) => Math.max(...received(pathname).map((entry) => entry.wire));
  const uncompressed = initial.filter((pathname) =>
    received(pathname).some((entry) => !entry.encoded),
  );
  const rows = [
    ...initial.map((pathname) => ({
      name: pathname,
      ...compressedSizes(pathname),
      wire: wireOf(pathname),
    })),
    {
      name: 'total',
      ...sumSizes(initial),
      wire: initial.reduce((total, pathname) => total + wireOf(pathname), 0),
    },
  ];
  const width = Math.max(...rows.map((row) => row.name.length));
  const columns = (name, wire, raw, gzip, brotli) =>
    `  ${name.padEnd(width)}  ${wire.padStart(9)}   ${raw.padStart(9)} ${gzip.padStart(8)} ${brotli.padStart(8)}`;
  console.info(
    '\nDownloaded before the search box is interactive (edition de): bytes on the wire as ' +
      'Chromium received them, then the dist/ files and their precompressed copies:',
  );
  console.info(columns('file', 'on wire', 'raw', '.gz', '.br'));
  for (const row of rows) {
    console.info(
      columns(row.name, bytes(row.wire), bytes(row.raw), bytes(row.gzip), bytes(row.brotli)),
    );
  }
  if (uncompressed.length > 0) console.info(`  sent uncompressed: ${uncompressed.join(' ')}`);

  // Later downloads are reported, not budgeted: the budget is what the first screen waits for.
  const seen = new Set(initial);
  const report = (label, files) => {
    const fresh = [...new Set(files)].filter((file) => !seen.has(file));
    for (const file of fresh) seen.add(file);
    if (fresh.length === 0) return;
    const wire = fresh.reduce((total, file) => total + wireOf(file), 0);
    const names = fresh.map((file) => file.replace(/^\/widget\/(?:chunks\/)?/, '')).join(' ');
    console.info(`  + ${label}: ${fresh.length} files, ${bytes(wire)} on the wire: ${names}`);
  };
  report(
    'before interactive in some runs only',
    samples.flatMap((sample) => sample.initialFiles),
  );
  report(
    'after interactive, before typing',
    samples.flatMap((sample) => sample.beforeTypingFiles),
  );
  report(
    'while typing, until results',
    samples.flatMap((sample) => sample.whileTypingFiles),
  );
  const all = sumSizes([...seen]);
  const allWire = [...seen].reduce((total, file) => total + wireOf(file), 0);
  console.info(
    `  everything fetched by the first results: ${bytes(allWire)} on the wire, ` +
      `${bytes(all.raw)} raw (not budgeted)`,
  );
  return { ...rows.at(-1), uncompressed };
}

async function main() {
  // The server bundle is checked by startShopServer.
  if (!existsSync(classicScript)) {
    throw new Error('widget/dist/tradein-widget.js is missing: run `npm run build` first');
  }
  const server = await startBuiltServer({ dataDirPrefix: 'tradein-widget-bench-' });
  let browser;
  try {
    browser = await launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    console.info(
      `Widget bench: ${runs} runs + 1 warm-up, CPU throttled ${cpuThrottlingRate}×, cache disabled, ` +
        `${await browser.version()}`,
    );
    await measureOnce(browser, server.origin);
    const samples = [];
    for (let run = 0; run < runs; run += 1) samples.push(await measureOnce(browser, server.origin));

    const total = printBytes(samples);

    const timings = [
      ['load → interactive search box (from tradein-widget.js request)', 'loadFromScriptMs'],
      ['  the same, from navigation start (not budgeted)', 'loadFromNavigationMs'],
      [`keystroke → rendered results ("${query}", incl. 150 ms debounce)`, 'keystrokeToResultsMs'],
    ].map(([label, key]) => {
      const values = samples.map((sample) => sample[key]);
      return { label, key, median: median(values), max: Math.max(...values), values };
    });
    const width = Math.max(...timings.map((timing) => timing.label.length));
    console.info(`\nTimings over ${runs} runs:`);
    console.info(`  ${''.padEnd(width)}  ${'median'.padStart(8)} ${'max'.padStart(8)}  all`);
    for (const timing of timings) {
      console.info(
        `  ${timing.label.padEnd(width)}  ${ms(timing.median).padStart(8)} ${ms(timing.max).padStart(8)}  ${timing.values.map((value) => Math.round(value)).join(' ')}`,
      );
    }

    const byKey = Object.fromEntries(timings.map((timing) => [timing.key, timing]));
    const broken = [];
    if (total.wire > budgets.initialWireBytes) {
      broken.push(
        `initial download ${bytes(total.wire)} on the wire > budget ${bytes(budgets.initialWireBytes)}`,
      );
    }
    if (total.uncompressed.length > 0) {
      broken.push(`sent uncompressed: ${total.uncompressed.join(' ')}`);
    }
    if (byKey.loadFromScriptMs.median > budgets.loadToInteractiveMs) {
      broken.push(
        `median load → interactive ${ms(byKey.loadFromScriptMs.median)} > budget ${ms(budgets.loadToInteractiveMs)}`,
      );
    }
    if (byKey.keystrokeToResultsMs.median > budgets.keystrokeToResultsMs) {
      broken.push(
        `median keystroke → results ${ms(byKey.keystrokeToResultsMs.median)} > budget ${ms(budgets.keystrokeToResultsMs)}`,
      );
    }
    console.info(
      `\nBudgets: initial download ≤ ${bytes(budgets.initialWireBytes)} on the wire, every file ` +
        `compressed, median load → interactive ≤ ` +
        `${ms(budgets.loadToInteractiveMs)}, median keystroke → results ≤ ${ms(budgets.keystrokeToResultsMs)}`,
    );
    if (broken.length > 0) {
      for (const message of broken) console.error(`OVER BUDGET: ${message}`);
      process.exitCode = 1;
    } else {
      console.info('all budgets met');
    }
  } finally {
    await browser?.close();
    await server.stop();
  }
}

await main().catch((error) => {
  console.error(`bench:widget failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
