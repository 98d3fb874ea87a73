// Starts the built shop server exactly as `npm start` does and checks that every local edition
// host answers with its edition and shop mode. Prints a closing "N passed, N failed" line.
import {
  callServer,
  isSupportedNode,
  searchFirstModel,
  startBuiltServer,
} from './built-server.mjs';

const hosts = [
  ['localhost', 'de', 'default'],
  ['de.localhost', 'de', 'default'],
  ['at.localhost', 'at', 'default'],
  ['es.localhost', 'es', 'default'],
  ['fr.localhost', 'fr', 'default'],
  ['it.localhost', 'it', 'default'],
  ['b2b.localhost', 'de', 'b2bWidget'],
  ['agan.localhost', 'de', 'agan'],
  ['aganwidget.localhost', 'de', 'aganwidget'],
];

/** One request to the server under `host`, as a browser on that edition's host sends it. */
function get(port, host, path, payload) {
  return callServer({ port, host, path, payload, agent: 'start check' });
}

// A fresh database: the server must create, migrate and seed it on first start. SQLite in a
// fresh data folder, or the throwaway PostgreSQL of `scripts/with-postgres.sh`.
const postgresUrl = process.env.TEST_DATABASE_URL;
const env = postgresUrl ? { DATABASE_URL: postgresUrl } : {};
console.log(`database: ${postgresUrl ? 'PostgreSQL (TEST_DATABASE_URL)' : 'SQLite'}`);
let server;
try {
  server = await startBuiltServer({ env, dataDirPrefix: 'tradein-start-' });
} catch (error) {
  console.error('server did not start:', error.message);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const { port } = server;

let passed = 0;
let failed = 0;

const runtime = await server.nodeVersion;
check(isSupportedNode(runtime), `the server runs on Node.js ${runtime} (24 or later)`);

for (const [host, edition, mode] of hosts) {
  const { status, body } = await get(port, host, '/');
  const ok =
    status === 200 &&
    body.includes(`data-edition="${edition}"`) &&
    body.includes(`data-shop-mode="${mode}"`);
  if (ok) passed += 1;
  else failed += 1;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} http://${host}:${port}/ → ${status} edition=${edition} mode=${mode}`,
  );
}
const missing = await get(port, 'localhost', '/no-such-page');
if (missing.status === 404) passed += 1;
else failed += 1;
console.log(`${missing.status === 404 ? 'ok  ' : 'FAIL'} unknown path → ${missing.status}`);

function check(ok, label) {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}`);
}

const health = await get(port, 'localhost', '/api/health');
check(health.status === 200, `GET /api/health → ${health.status}`);

// Files the server finds relative to its own bundle: the widget partners embed, the demo pages.
const widgetScript = await get(port, 'localhost', '/widget/tradein-widget.js');
check(
  widgetScript.status === 200 && /tradein-widget-[\w-]{8}\.mjs/.test(widgetScript.body),
  `GET /widget/tradein-widget.js → ${widgetScript.status}`,
);
const demoPage = await get(port, 'localhost', '/demo/');
check(
  demoPage.status === 200 && demoPage.body.includes('href="partner.html"'),
  `GET /demo/ → ${demoPage.status}`,
);

// The back office on its own host, and never on a shop host.
const backOffice = await get(port, 'ops.localhost', '/sign-in');
check(
  backOffice.status === 200 && backOffice.body.includes('action="/sign-in"'),
  `GET ops.localhost/sign-in → ${backOffice.status}`,
);
const backOfficeOnShop = await get(port, 'localhost', '/sign-in');
check(backOfficeOnShop.status === 404, `GET localhost/sign-in → ${backOfficeOnShop.status}`);

// The search call exactly as §7 shapes it, against the freshly seeded catalogue.
const compressed = await callServer({
  port,
  path: '/widget/tradein-widget.js',
  accept: 'gzip, deflate, br',
});
check(
  compressed.status === 200 && compressed.encoding === 'br',
  `GET /widget/tradein-widget.js (accept-encoding: br) → ${compressed.encoding ?? 'not compressed'}`,
);

const search = await searchFirstModel(port, 'iphne 13 pr');
check(
  search.model === 'iPhone 13 Pro',
  `POST /api/trade/searches "iphne 13 pr" → ${search.status} ${search.model}`,
);

const sitemap = await get(port, 'fr.localhost', '/sitemap.xml');
const productPages = sitemap.body.match(/<loc>[^<]*\/produits\/[^<]+<\/loc>/g) ?? [];
check(
  sitemap.status === 200 && productPages.length > 1000,
  `GET fr.localhost/sitemap.xml → ${sitemap.status}, ${productPages.length} product pages`,
);
const robots = await get(port, 'fr.localhost', '/robots.txt');
check(
  robots.status === 200 && robots.body.includes('/sitemap.xml'),
  `GET fr.localhost/robots.txt → ${robots.status}, names the sitemap`,
);

const unknownApi = await get(port, 'localhost', '/api/nothing');
check(
  unknownApi.status === 404 && unknownApi.body.startsWith('{'),
  `unknown API path → ${unknownApi.status} JSON`,
);

await server.stop();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
