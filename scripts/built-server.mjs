// Starts a production bundle, the shop server (widget at /widget/, trade API at /api/) or the
// standalone API node, on a free loopback port with a fresh data folder, whose database is
// created, migrated and seeded on start. Used by the start checks, the widget benchmark and the
// widget's browser tests. Plain JavaScript: the start checks run it before anything is compiled.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bundles = {
  shop: fileURLToPath(new URL('../host-shop/dist/server/main.js', import.meta.url)),
  api: fileURLToPath(new URL('../packages/trade-api/dist/api/api-node.js', import.meta.url)),
};

/** Complete legal and contact details for every edition, as an operator's file gives them. */
const testLegalDetailsFile = fileURLToPath(new URL('legal-details.test.json', import.meta.url));

/** A port the kernel has just handed out on loopback, free for the server to take. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * The `node` field of the first JSON log line that has one (servers log the Node.js they run
 * on right after they listen), or `undefined` when none came within `timeoutMs` or the stream
 * ended first. Keeps reading later lines, so the server never blocks on a full pipe.
 */
function loggedNodeVersion(stdout, timeoutMs) {
  return new Promise((resolve) => {
    let pending = '';
    let found = false;
    const timer = setTimeout(() => resolve(undefined), timeoutMs);
    const settle = (version) => {
      found = true;
      clearTimeout(timer);
      resolve(version);
    };
    stdout.setEncoding('utf8');
    stdout.on('data', (chunk) => {
      if (found) return;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) {
        if (!line.includes('"node":')) continue;
        try {
          const version = JSON.parse(line).node;
          if (typeof version === 'string') return settle(version);
        } catch {
          // Not a JSON log line: keep looking.
        }
      }
    });
    stdout.on('end', () => settle(undefined));
  });
}

/** Whether a `process.version`-style string names Node.js 24 or later. */
export function isSupportedNode(version) {
  return Number(/^v(\d+)\./.exec(version ?? '')?.[1] ?? 0) >= 24;
}

async function waitForHealth(origin, child, name) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not start within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts the `shop` or `api` bundle; `env` adds settings (CORS origins, say). Resolves once
 * `/api/health` answers, with `{ origin, port, dataDir, child, nodeVersion, stop }`:
 * `nodeVersion` resolves to the Node.js the server logs it runs on (`undefined` with
 * `readLogs: false`, which drops the logs unread, as a load test must), and `stop` ends the
 * process (SIGTERM) and deletes the data folder.
 */
export async function startBuiltServer({
  bundle = 'shop',
  env = {},
  dataDirPrefix = 'tradein-server-',
  readLogs = true,
} = {}) {
  const entry = bundles[bundle];
  const name = bundle === 'api' ? 'API node' : 'shop server';
  if (!existsSync(entry)) {
    throw new Error(`${entry} is missing: run \`npm run build\` first`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), dataDirPrefix));
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      // A production start needs the real imprint and contact details; these stand in for them.
      LEGAL_DETAILS_FILE: testLegalDetailsFile,
      // The shop server logs at info whatever this says; the API node follows it.
      LOG_LEVEL: 'warn',
      // A node on PostgreSQL refuses to start without the settings all nodes must share.
      ...(env.DATABASE_URL === undefined
        ? {}
        : {
            JWT_SECRET: 'a-secret-every-started-test-server-shares',
            PUBLIC_ORIGIN: `http://localhost:${port}`,
          }),
      ...env,
    },
    stdio: ['ignore', readLogs ? 'pipe' : 'ignore', 'inherit'],
  });
  const nodeVersion = readLogs
    ? loggedNodeVersion(child.stdout, 40_000)
    : Promise.resolve(undefined);
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(origin, child, name);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, port, dataDir, child, nodeVersion, stop };
}

/**
 * One request to a started server: GET, or POST with a JSON `payload`. The `host` header picks
 * the edition (`fr.localhost`); `agent` names the caller in the server's logs; `accept` is the
 * `accept-encoding` it sends (none by default: the body comes back as text).
 */
export function callServer({ port, host = 'localhost', path, payload, agent = 'check', accept }) {
  return new Promise((resolve, reject) => {
    const headers = {
      host: `${host}:${port}`,
      'user-agent': `Mozilla/5.0 (${agent}) Chrome/130`,
      ...(accept === undefined ? {} : { 'accept-encoding': accept }),
    };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const method = payload === undefined ? 'GET' : 'POST';
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let body = '';
      res.setEncoding(res.headers['content-encoding'] === undefined ? 'utf8' : 'latin1');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          type: res.headers['content-type'] ?? '',
          encoding: res.headers['content-encoding'],
          body,
        }),
      );
    });
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error('timeout')));
    req.end(payload === undefined ? undefined : JSON.stringify(payload));
  });
}

/**
 * Searches the seed catalogue of a started server the way the widget does (`POST
 * /api/trade/searches`, German devices); returns the status and the first hit's model.
 */
export async function searchFirstModel(port, text, host = 'localhost') {
  const query = Buffer.from(JSON.stringify({ kind: 'deviceSearch', text })).toString('base64url');
  const search = await callServer({
    port,
    host,
    path: '/api/trade/searches',
    payload: { search: `sq1.${query}`, application: 'devices_de', resultSize: 5 },
  });
  const model = search.status === 200 ? JSON.parse(search.body).hits?.[0]?.model : undefined;
  return { status: search.status, model };
}
