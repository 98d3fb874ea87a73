// Starts the production bundle of the shop server (widget at /widget/, trade API at /api/) on a
// free loopback port with a fresh data folder, whose database is created, migrated and seeded
// on start. Used by the widget benchmark and by the browser tests' trade API plugin.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverBundle = fileURLToPath(new URL('../../host-shop/dist/server/main.js', import.meta.url));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(origin, child) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`shop server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('shop server did not start within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts the server; `env` adds settings (CORS origins, say). Resolves once `/api/health`
 * answers with `{ origin, dataDir, stop }`; `stop` ends the process and deletes the folder.
 */
export async function startShopServer({ env = {}, dataDirPrefix = 'tradein-widget-' } = {}) {
  if (!existsSync(serverBundle)) {
    throw new Error('host-shop/dist/server/main.js is missing: run `npm run build` first');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), dataDirPrefix));
  const child = spawn(process.execPath, [serverBundle], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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
    await waitForHealth(origin, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, dataDir, stop };
}
