// The reference cluster (docs/deployment.md): a throwaway PostgreSQL, API nodes and shop nodes
// on free loopback ports, and nginx in front of them on one port. `npm run cluster` prints it
// and waits for Ctrl-C; the fault tests (scripts/faults.mjs) drive it through the handles that
// `startCluster` returns.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../built-server.mjs';
import { startNginx } from './nginx.mjs';
import { startPostgres } from './postgres.mjs';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const bundles = {
  api: join(repositoryRoot, 'packages/trade-api/dist/api/api-node.js'),
  shop: join(repositoryRoot, 'host-shop/dist/server/main.js'),
};
const testLegalDetailsFile = join(repositoryRoot, 'scripts/legal-details.test.json');

/** Builds the bundles that are missing: the API node alone, or everything for the shop. */
function buildIfNeeded() {
  const steps = [];
  if (!existsSync(bundles.shop)) steps.push(['run', 'build', '--silent']);
  else if (!existsSync(bundles.api)) {
    steps.push(['run', 'build', '--silent', '-w', '@tradein/trade-api']);
  }
  for (const args of steps) {
    console.error(`building: npm ${args.join(' ')}`);
    const build = spawnSync('npm', args, { cwd: repositoryRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`npm ${args.join(' ')} failed`);
  }
}

/** Polls `url` until it answers 200; throws when `child` exits or `timeoutMs` passes. */
async function waitUntilHealthy(url, child, name, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited with ${child.exitCode ?? child.signalCode}`);
    }
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await answer.arrayBuffer();
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${name} was not healthy within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts the cluster. Options: `port` of nginx (default `PORT` or 8080), `host` it listens on
 * (default 127.0.0.1), `apiNodes` and `shopNodes` (default 2 each), `env` added to every node's
 * environment, `showUpstream` (nginx names the answering node in an `X-Upstream` header),
 * `onExit(node, code, signal)` for a node that ends without being told to (default: a line on
 * stderr; the cluster keeps running).
 *
 * Resolves to the handles: `origin` (nginx), `databaseUrl`, `dataDir` (shared by every node:
 * the mail outbox is `<dataDir>/outbox`), `postgres` (stop/start/freeze/thaw), `nginx`,
 * `nodes` (each `{ name, kind, port, origin, child, logFile }`), `startApiNode()` (one more
 * API node, added to nginx once healthy), `killNode(name, signal)`, `restartNode(name)` (same
 * port) and `stop()`.
 */
export async function startCluster(options = {}) {
  const port = options.port ?? Number(process.env.PORT ?? 8080);
  const host = options.host ?? '127.0.0.1';
  const onExit =
    options.onExit ??
    ((node, code, signal) =>
      console.error(
        `${node.name} exited unexpectedly (${signal ?? `code ${code}`}); see ${node.logFile}`,
      ));
  buildIfNeeded();

  const workDir = mkdtempSync(join(tmpdir(), 'tradein-cluster-'));
  const dataDir = join(workDir, 'data');
  const logDir = join(workDir, 'logs');
  const runDir = join(workDir, 'nginx');
  for (const dir of [dataDir, logDir, runDir]) mkdirSync(dir, { recursive: true });

  const nodes = [];
  let postgres;
  let nginx;
  let stopping = false;

  const stop = async () => {
    stopping = true;
    await nginx?.stop();
    await Promise.all(nodes.map((node) => node.stop()));
    postgres?.destroy();
    rmSync(workDir, { recursive: true, force: true });
  };

  try {
    postgres = await startPostgres();
    const internalPort = await freePort();
    const shared = {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: postgres.url,
      DATA_DIR: dataDir,
      // One secret for every node: a token one node signs, every other node accepts.
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PUBLIC_ORIGIN: `http://localhost:${port}`,
      // nginx and the shop nodes call the API nodes from loopback; their X-Forwarded-* count.
      TRUST_PROXY: '127.0.0.1',
      LEGAL_DETAILS_FILE: process.env.LEGAL_DETAILS_FILE || testLegalDetailsFile,
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
      ...options.env,
    };

    const launch = (node) => {
      const log = openSync(node.logFile, 'a');
      const env = { ...shared, PORT: String(node.port) };
      // A shop node calls the API through nginx's internal listener (any API node, with failover).
      if (node.kind === 'shop') env.TRADE_API_URL = `http://127.0.0.1:${internalPort}`;
      // A process group of its own: Ctrl-C in the terminal reaches this script only, which
      // then stops nginx, the nodes and PostgreSQL in that order.
      const child = spawn(process.execPath, [bundles[node.kind]], {
        env,
        stdio: ['ignore', log, log],
        detached: true,
      });
      closeSync(log);
      node.child = child;
      node.expectedExit = false;
      child.on('exit', (code, signal) => {
        if (!node.expectedExit && !stopping) {
          node.unexpectedExits.push({ code, signal, at: Date.now() });
          onExit(node, code, signal);
        }
      });
      return child;
    };

    const addNode = async (kind, reservedPort, timeoutMs = 60_000) => {
      const index = nodes.filter((node) => node.kind === kind).length + 1;
      const nodePort = reservedPort ?? (await freePort());
      const node = {
        name: `${kind}-${index}`,
        kind,
        port: nodePort,
        origin: `http://127.0.0.1:${nodePort}`,
        logFile: join(logDir, `${kind}-${index}.log`),
        child: undefined,
        expectedExit: false,
        unexpectedExits: [],
        /** Sends a signal; SIGKILL and SIGTERM count as told to exit. */
        kill(signal = 'SIGTERM') {
          if (signal === 'SIGKILL' || signal === 'SIGTERM') node.expectedExit = true;
          node.child.kill(signal);
        },
        async stop() {
          const { child } = node;
          if (!child || child.exitCode !== null || child.signalCode !== null) return;
          node.expectedExit = true;
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timer);
        },
        /** Starts the node again on its port; resolves once it answers its health check. */
        async restart() {
          await node.stop();
          const child = launch(node);
          await waitUntilHealthy(`${node.origin}/api/health`, child, node.name, timeoutMs);
        },
      };
      nodes.push(node);
      const child = launch(node);
      try {
        await waitUntilHealthy(`${node.origin}/api/health`, child, node.name, timeoutMs);
      } catch (error) {
        const log = readFileSync(node.logFile, 'utf8').trim().split('\n').slice(-15).join('\n');
        throw new Error(`${error.message}; the end of its log:\n${log}`, { cause: error });
      }
      return node;
    };

    // The first API node creates, migrates and seeds the database; then the others start.
    await addNode('api');
    const apiCount = options.apiNodes ?? 2;
    const shopCount = options.shopNodes ?? 2;
    await Promise.all(Array.from({ length: apiCount - 1 }, () => addNode('api')));

    const portsOf = (kind) => nodes.filter((node) => node.kind === kind).map((node) => node.port);
    // nginx first, with the shop nodes' ports already chosen: a shop node reaches the API
    // through nginx, and its health check (`/api/health`) goes that way too.
    const shopPorts = [];
    for (let i = 0; i < shopCount; i += 1) shopPorts.push(await freePort());
    nginx = await startNginx({
      host,
      port,
      internalPort,
      apiPorts: portsOf('api'),
      shopPorts,
      runDir,
      showUpstream: options.showUpstream,
      log: options.nginxLog,
    });
    await Promise.all(shopPorts.map((shopPort) => addNode('shop', shopPort)));
    await waitUntilHealthy(`http://127.0.0.1:${port}/`, nginx.child, 'nginx', 10_000);

    return {
      origin: `http://127.0.0.1:${port}`,
      publicOrigin: shared.PUBLIC_ORIGIN,
      port,
      internalPort,
      databaseUrl: postgres.url,
      dataDir,
      outboxDir: join(dataDir, 'outbox'),
      logDir,
      postgres,
      nginx,
      nodes,
      node: (name) => {
        const found = nodes.find((node) => node.name === name);
        if (!found) throw new Error(`no node ${name}`);
        return found;
      },
      /** One more API node; nginx sends it requests once it answers its health check. */
      async startApiNode() {
        const node = await addNode('api');
        nginx.update({ apiPorts: portsOf('api') });
        return node;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
