// Starts the built standalone API node exactly as `npm run start:api` does and checks that it
// serves the trade API (and only the API) and stops cleanly on SIGTERM. Prints a closing
// "N passed, N failed" line.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isSupportedNode, loggedNodeVersion } from './logged-node-version.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function call(port, path, payload) {
  return new Promise((resolve, reject) => {
    const headers = {
      host: `localhost:${port}`,
      'user-agent': 'Mozilla/5.0 (API node check) Chrome/130',
    };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const method = payload === undefined ? 'GET' : 'POST';
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, type: res.headers['content-type'] ?? '', body }),
      );
    });
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error('timeout')));
    req.end(payload === undefined ? undefined : JSON.stringify(payload));
  });
}

const port = await freePort();
// A fresh data folder: the node must create, migrate and seed its database on first start.
const dataDir = mkdtempSync(join(tmpdir(), 'tradein-api-node-'));
const node = spawn(process.execPath, ['packages/trade-api/dist/api/api-node.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});

const nodeVersion = loggedNodeVersion(node.stdout, 25_000);
let exitCode;
const exited = new Promise((resolve) =>
  node.on('exit', (code, signal) => {
    exitCode = code ?? signal;
    resolve();
  }),
);

function stop(message) {
  console.error(message);
  node.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const deadline = Date.now() + 20_000;
let health;
for (;;) {
  try {
    health = await call(port, '/api/health');
    break;
  } catch (error) {
    if (exitCode !== undefined) stop(`API node exited (${exitCode}) before answering`);
    if (Date.now() > deadline) stop(`API node did not start: ${error.message}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let passed = 0;
let failed = 0;
function check(ok, label) {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}`);
}

check(health.status === 200, `GET /api/health → ${health.status}`);
// The runtime line is written right after listening; the health answer may come first.
const runtime = await nodeVersion;
check(isSupportedNode(runtime), `the API node runs on Node.js ${runtime} (24 or later)`);

// The search call exactly as §7 shapes it, against the freshly seeded catalogue.
const query = Buffer.from(JSON.stringify({ kind: 'deviceSearch', text: 'iphne 13 pr' })).toString(
  'base64url',
);
const search = await call(port, '/api/trade/searches', {
  search: `sq1.${query}`,
  application: 'devices_de',
  resultSize: 5,
});
const firstModel = search.status === 200 ? JSON.parse(search.body).hits?.[0]?.model : undefined;
check(
  firstModel === 'iPhone 13 Pro',
  `POST /api/trade/searches "iphne 13 pr" → ${search.status} ${firstModel}`,
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

node.kill('SIGTERM');
const stopped = await Promise.race([
  exited.then(() => true),
  new Promise((resolve) => setTimeout(() => resolve(false), 5000)),
]);
check(stopped && exitCode === 0, `SIGTERM → exit ${stopped ? exitCode : 'none within 5 s'}`);
if (!stopped) node.kill('SIGKILL');

rmSync(dataDir, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
