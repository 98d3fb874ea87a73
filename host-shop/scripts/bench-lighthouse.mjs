// Lighthouse (mobile profile: Moto G Power emulation, simulated slow 4G, 4x CPU slowdown) on the
// built shop: the home page, a sell category and a product page, each run RUNS times (default
// 3; the median counts) in the system Chromium. Also the initial JavaScript of the home page:
// every script the page loads until its network is idle, as gzip sends it; and, as a figure
// without budget, what the visitor's first interaction adds (the shop's React Router client,
// which starts then). Prints the figures; fails (exit code 1) when a budget breaks.
//
// The budgets hold on any machine of the project's kind, busy or quiet (docs/benchmarks.md, "Shop
// pages"): each page load is audited twice from one recording. Once as Lighthouse does by
// default (the figures it prints as "as measured"), and once, gated, on the main thread's CPU
// time with the CPU slowdown calibrated to this machine's processor (lighthouse-cpu-time.mjs), so
// time the page's thread spent waiting for a core, and a faster or slower processor, do not move
// the figures; what the shop's code and bytes do still does.
//
//   npm run build && npm run bench:lighthouse        (CHROME_PATH overrides /usr/bin/chromium;
//   THROTTLING=devtools measures under real throttling, with the calibrated CPU slowdown,
//   instead of Lighthouse's simulation)
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { connect } from 'puppeteer-core';
import { startBuiltServer } from '../../scripts/built-server.mjs';
import {
  calibratedCpuSlowdown,
  cpuBenchmarkIndex,
  defaultCpuSlowdown,
  referenceCpuBenchmarkIndex,
  traceOnCpuTime,
} from './lighthouse-cpu-time.mjs';

const runs = Number(process.env.RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const throttlingMethod = process.env.THROTTLING === 'devtools' ? 'devtools' : 'simulate';

/** Budgets of issue 11 (1 kB = 1000 B). */
const budgets = {
  performance: 95,
  lcpMs: 1500,
  cls: 0.02,
  tbtMs: 100,
  homeInitialJsGzipBytes: 110_000,
};

/** The body of a GET as the server sends it to a client that accepts gzip only. */
const gzipBytes = (url) =>
  new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve({ encoding: response.headers['content-encoding'], bytes }));
      response.on('error', reject);
    }).on('error', reject);
  });

const median = (values) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The figures a budget applies to, from a Lighthouse report. */
const figuresOf = (lhr) => ({
  performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
  lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
  cls: lhr.audits['cumulative-layout-shift'].numericValue,
  tbtMs: lhr.audits['total-blocking-time'].numericValue,
});

const lighthouseFlags = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance'],
  throttlingMethod,
};

/**
 * One load of a page, audited twice: `measured` is Lighthouse's report as it makes it by default
 * (wall-clock trace, 4x CPU slowdown), `gated` the report the budgets apply to: the same
 * recording on the main thread's CPU time with the calibrated CPU slowdown (under real
 * throttling, `THROTTLING=devtools`, the page is loaded with the calibrated slowdown and its
 * trace kept as recorded: that throttling pauses the thread, which its CPU time would undo).
 * A load Lighthouse could not complete (its `runtimeError`, seen now and then on a busy machine)
 * is no measurement: it is repeated, twice at most.
 */
async function measure(url, port, cpuSlowdown) {
  const recorded = mkdtempSync(join(tmpdir(), 'tradein-lighthouse-recorded-'));
  const rewritten = mkdtempSync(join(tmpdir(), 'tradein-lighthouse-cpu-time-'));
  try {
    for (let attempt = 1; ; attempt += 1) {
      const { lhr: measured } = await lighthouse(url, {
        ...lighthouseFlags,
        port,
        gatherMode: recorded,
        auditMode: recorded,
        ...(throttlingMethod === 'devtools'
          ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }
          : {}),
      });
      if (measured.runtimeError !== undefined) {
        console.warn(
          `Lighthouse could not measure ${url}: ${measured.runtimeError.code} (attempt ${attempt})`,
        );
        if (attempt === 3) {
          throw new Error(`Lighthouse failed on ${url}: ${measured.runtimeError.message}`);
        }
        continue;
      }
      if (throttlingMethod === 'devtools') return { measured, gated: measured, mainThread: null };

      // Lighthouse audits a recording only with the settings it was made with: the copy's
      // settings name the calibrated slowdown that the audit below applies.
      const artifacts = JSON.parse(readFileSync(join(recorded, 'artifacts.json'), 'utf8'));
      const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier: cpuSlowdown };
      artifacts.settings.throttling = throttling;
      writeFileSync(join(rewritten, 'artifacts.json'), JSON.stringify(artifacts));
      copyFileSync(join(recorded, 'devtoolslog.json'), join(rewritten, 'devtoolslog.json'));
      const onCpu = traceOnCpuTime(JSON.parse(readFileSync(join(recorded, 'trace.json'), 'utf8')));
      writeFileSync(join(rewritten, 'trace.json'), JSON.stringify(onCpu.trace));
      const { lhr: gated } = await lighthouse(undefined, {
        ...lighthouseFlags,
        auditMode: rewritten,
        throttling,
      });
      if (gated.runtimeError !== undefined) {
        throw new Error(
          `Lighthouse could not audit ${url} on CPU time: ${gated.runtimeError.message}`,
        );
      }
      return { measured, gated, mainThread: { wallMs: onCpu.wallMs, cpuMs: onCpu.cpuMs } };
    }
  } finally {
    rmSync(recorded, { recursive: true, force: true });
    rmSync(rewritten, { recursive: true, force: true });
  }
}

const format = (figures) =>
  `performance ${figures.performance}, LCP ${Math.round(figures.lcpMs)} ms, ` +
  `CLS ${figures.cls.toFixed(3)}, TBT ${Math.round(figures.tbtMs)} ms`;

const medianFigures = (reports) => ({
  performance: median(reports.map((figures) => figures.performance)),
  lcpMs: median(reports.map((figures) => figures.lcpMs)),
  cls: median(reports.map((figures) => figures.cls)),
  tbtMs: median(reports.map((figures) => figures.tbtMs)),
});

const benchmarkIndex = cpuBenchmarkIndex();
const cpuSlowdown = calibratedCpuSlowdown(benchmarkIndex);
const server = await startBuiltServer({ dataDirPrefix: 'tradein-lighthouse-' });
const chrome = await launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
let failed = false;
try {
  const sitemap = await (await fetch(`${server.origin}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map(
    (match) => new URL(match[1]).pathname,
  );
  const category = paths.find((path) => path.startsWith('/verkaufen/'));
  const product = paths.find((path) => path.startsWith('/produkte/apple-iphone-13'));
  const pages = [
    ['home', '/'],
    ['sell category', category],
    ['product', product],
  ];

  console.info(
    `CPU benchmark ${benchmarkIndex} (per second of CPU time; reference ${referenceCpuBenchmarkIndex}): ` +
      `CPU slowdown ${cpuSlowdown}x for the budgets (Lighthouse's default ${defaultCpuSlowdown}x as measured)`,
  );
  console.info(`Lighthouse ${runs}x per page, mobile profile (${throttlingMethod}), median:`);
  for (const [name, path] of pages) {
    const measured = [];
    const gated = [];
    const mainThread = [];
    const pageIndexes = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await measure(`${server.origin}${path}`, chrome.port, cpuSlowdown);
      measured.push(figuresOf(result.measured));
      gated.push(figuresOf(result.gated));
      pageIndexes.push(result.measured.environment.benchmarkIndex);
      if (result.mainThread !== null) mainThread.push(result.mainThread);
    }
    const figures = medianFigures(gated);
    const ok =
      figures.performance >= budgets.performance &&
      figures.lcpMs <= budgets.lcpMs &&
      figures.cls <= budgets.cls &&
      figures.tbtMs <= budgets.tbtMs;
    failed ||= !ok;
    console.info(
      `${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(13)} ${path}: performance ${figures.performance} (>= ${budgets.performance}), ` +
        `LCP ${Math.round(figures.lcpMs)} ms (<= ${budgets.lcpMs}), CLS ${figures.cls.toFixed(3)} (<= ${budgets.cls}), ` +
        `TBT ${Math.round(figures.tbtMs)} ms (<= ${budgets.tbtMs})`,
    );
    console.info(
      `     as measured (wall clock, ${defaultCpuSlowdown}x): ${format(medianFigures(measured))}; ` +
        `Lighthouse's benchmark index ${pageIndexes.map(Math.round).join(' / ')}` +
        (mainThread.length === 0
          ? ''
          : `; main thread tasks ${mainThread.map((task) => Math.round(task.cpuMs)).join(' / ')} ms CPU ` +
            `in ${mainThread.map((task) => Math.round(task.wallMs)).join(' / ')} ms wall clock`),
    );
  }

  // The scripts of the home page as gzip sends them: the shop's own and the widget's, first
  // until the page is idle, then what a key press (the visitor's first interaction) adds. Read
  // with node:http, which (unlike fetch) hands over the bytes as sent, not decompressed.
  const sizes = async (urls) => {
    let shop = 0;
    let widget = 0;
    for (const url of urls) {
      const { encoding, bytes } = await gzipBytes(url);
      if (encoding !== 'gzip') throw new Error(`${url} was not sent gzip-compressed`);
      if (new URL(url).pathname.startsWith('/widget/')) widget += bytes;
      else shop += bytes;
    }
    return { shop, widget, total: shop + widget, files: urls.length };
  };
  const browser = await connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  const userAgent = await browser.userAgent();
  await page.setUserAgent({ userAgent: userAgent.replace('HeadlessChrome', 'Chrome') });
  await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true });
  const scripts = new Set();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(request.url());
  });
  await page.goto(`${server.origin}/`, { waitUntil: 'networkidle0' });
  const initialScripts = [...scripts];
  await page.keyboard.press('Shift');
  await page.waitForFunction(() => window.__reactRouterDataRouter?.state.initialized === true);
  await page.waitForNetworkIdle();
  const initial = await sizes(initialScripts);
  const added = await sizes([...scripts].filter((url) => !initialScripts.includes(url)));
  await browser.disconnect();
  const ok = initial.total <= budgets.homeInitialJsGzipBytes;
  failed ||= !ok;
  console.info(
    `${ok ? 'ok  ' : 'FAIL'} home initial JS: ${initial.total} B gzip (<= ${budgets.homeInitialJsGzipBytes}) in ` +
      `${initial.files} files: shop ${initial.shop} B, widget ${initial.widget} B`,
  );
  console.info(
    `     after the first interaction: + ${added.total} B gzip in ${added.files} files ` +
      `(shop ${added.shop} B, widget ${added.widget} B)`,
  );
} finally {
  chrome.kill();
  await server.stop();
}
process.exit(failed ? 1 : 0);
