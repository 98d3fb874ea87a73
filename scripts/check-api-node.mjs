// Starts the built standalone API node exactly as `npm run start:api` does and checks that it
// serves the trade API (and only the API) and stops cleanly on SIGTERM. Prints a closing
// "N passed, N failed" line.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  callServer,
  isSupportedNode,
  searchFirstModel,
  startBuiltServer,
} from './built-server.mjs';

/** One request to the API node. */
function call(port, path, payload) {
  return callServer({ port, path, payload, agent: 'API node check' });
}

// A fresh data folder: the node must create, migrate and seed its database on first start.
let node;
try {
  node = await startBuiltServer({
    bundle: 'api',
    env: { LOG_LEVEL: 'info' },
    dataDirPrefix: 'tradein-api-node-',
  });
} catch (error) {
  console.error(`API node did not start: ${error.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const { port } = node;
let exitCode;
const exited = new Promise((resolve) =>
  node.child.on('exit', (code, signal) => {
    exitCode = code ?? signal;
    resolve();
  }),
);
const health = await call(port, '/api/health');

let passed = 0;
let failed = 0;
function check(ok, label) {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}`);
}

check(health.status === 200, `GET /api/health → ${health.status}`);
// The runtime line is written right after listening; the health answer may come first.
const runtime = await node.nodeVersion;
check(isSupportedNode(runtime), `the API node runs on Node.js ${runtime} (24 or later)`);

// The search call exactly as §7 shapes it, against the freshly seeded catalogue.
const search = await searchFirstModel(port, 'iphne 13 pr');
check(
  search.model === 'iPhone 13 Pro',
  `POST /api/trade/searches "iphne 13 pr" → ${search.status} ${search.model}`,
);

// Answers go out compressed to clients that accept it.
const smallAnswer = await callServer({ port, path: '/api/health', accept: 'br, gzip' });
const query = Buffer.from(JSON.stringify({ kind: 'deviceSearch', text: 'iphone' })).toString(
  'base64url',
);
const manyHits = await callServer({
  port,
  path: '/api/trade/searches',
  payload: { search: `sq1.${query}`, application: 'devices_de', resultSize: 20 },
  accept: 'br, gzip',
});
check(
  manyHits.encoding === 'br' && smallAnswer.encoding === undefined,
  `accept-encoding: br → ${manyHits.encoding ?? 'none'} for 20 search hits, ` +
    `${smallAnswer.encoding ?? 'none'} for the small health answer`,
);

// An API node serves only the API: shop pages are someone else's.
for (const path of ['/', '/b2b/ankaufsportal']) {
  const page = await call(port, path);
  check(
    page.status === 404 && page.type.startsWith('application/json') && page.body.startsWith('{'),
    `shop path ${path} → ${page.status} ${page.type.split(';')[0]}`,
  );
}

const unknownApi = await call(port, '/api/nothing');
check(
  unknownApi.status === 404 && unknownApi.body.startsWith('{'),
  `unknown API path → ${unknownApi.status} JSON`,
);

// A shop node in front of this API node (TRADE_API_URL): pages from the API node's catalogue,
// `/api` forwarded to it, no database of its own.
const shop = await startBuiltServer({
  env: { TRADE_API_URL: node.origin },
  dataDirPrefix: 'tradein-shop-node-',
});
try {
  const sitemap = await callServer({ port: shop.port, host: 'fr.localhost', path: '/sitemap.xml' });
  const productPath = /<loc>https?:\/\/[^/]+(\/produits\/[^<]+)<\/loc>/.exec(sitemap.body)?.[1];
  const product = await callServer({
    port: shop.port,
    host: 'fr.localhost',
    path: productPath ?? '/produits/none',
    agent: 'shop node check',
  });
  check(
    product.status === 200 && product.body.includes('<tradein-widget'),
    `shop node with TRADE_API_URL: ${productPath} → ${product.status}`,
  );
  const forwarded = await searchFirstModel(shop.port, 'iphne 13 pr');
  check(
    forwarded.model === 'iPhone 13 Pro',
    `shop node forwards /api to the API node → ${forwarded.status} ${forwarded.model}`,
  );
  // The back office's pages call /api/ops/ on the API node too: an unknown invitation link is
  // answered by the API node's database, not by an unreachable one (503).
  const invitation = await callServer({
    port: shop.port,
    host: 'ops.localhost',
    path: `/invitation/${'x'.repeat(43)}`,
  });
  check(
    invitation.status === 404 && invitation.body.includes('This invitation link is not known'),
    `shop node's back office asks the API node → ${invitation.status}`,
  );
  check(
    !existsSync(join(shop.dataDir, 'trade.sqlite')),
    'shop node with TRADE_API_URL opens no database of its own',
  );
} finally {
  await shop.stop();
}

node.child.kill('SIGTERM');
const stopped = await Promise.race([
  exited.then(() => true),
  new Promise((resolve) => setTimeout(() => resolve(false), 5000)),
]);
check(stopped && exitCode === 0, `SIGTERM → exit ${stopped ? exitCode : 'none within 5 s'}`);
if (!stopped) node.child.kill('SIGKILL');

await node.stop();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
