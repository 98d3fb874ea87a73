// Lighthouse (mobile profile: Moto G Power emulation, simulated slow 4G, 4x CPU slowdown) on the
// built shop: the home page, a sell category and a product page, each run RUNS times (default
// 3; the median counts) in the system Chromium. Also the initial JavaScript of the home page:
// every script the page loads until its network is idle, as gzip sends it; and, as a figure
// without budget, what the visitor's first interaction adds (the shop's React Router client,
// which starts then). Prints the figures; fails (exit code 1) when a budget breaks.
//
//   npm run build && npm run bench:lighthouse        (CHROME_PATH overrides /usr/bin/chromium;
//   THROTTLING=devtools measures under real throttling instead of Lighthouse's simulation)
import { get } from 'node:http';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { connect } from 'puppeteer-core';
import { startBuiltServer } from '../../scripts/built-server.mjs';

const runs = Number(process.env.RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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

/**
 * Lighthouse's report of a page. A run Lighthouse could not complete (its `runtimeError`, seen
 * now and then on a busy machine) is no measurement: it is repeated, twice at most.
 */
async function audit(url, port) {
  for (let attempt = 1; ; attempt += 1) {
    const { lhr } = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(process.env.THROTTLING ? { throttlingMethod: process.env.THROTTLING } : {}),
    });
    if (lhr.runtimeError === undefined) return lhr;
    console.warn(
      `Lighthouse could not measure ${url}: ${lhr.runtimeError.code} (attempt ${attempt})`,
    );
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  }
}

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

  console.info(`Lighthouse ${runs}x per page, mobile profile, median:`);
  for (const [name, path] of pages) {
    const results = [];
    for (let run = 0; run < runs; run += 1) {
      const lhr = await audit(`${server.origin}${path}`, chrome.port);
      results.push({
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        tbtMs: lhr.audits['total-blocking-time'].numericValue,
      });
    }
    const figures = {
      performance: median(results.map((result) => result.performance)),
      lcpMs: median(results.map((result) => result.lcpMs)),
      cls: median(results.map((result) => result.cls)),
      tbtMs: median(results.map((result) => result.tbtMs)),
    };
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
