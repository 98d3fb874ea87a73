// A web-test-runner plugin that runs the real trade API for the browser tests: the production
// bundle of the shop server on a free loopback port, with a fresh database in a temporary folder
// (created, migrated and seeded on start), allowing the test pages' origin by CORS.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverBundle = fileURLToPath(
  new URL('../../../host-shop/dist/server/main.js', import.meta.url),
);

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
    if (child.exitCode !== null) throw new Error(`trade API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('trade API did not start within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The plugin, and `origin()` for the test page template (set once the server runs). */
export function tradeApiServer() {
  let child;
  let dataDir;
  let origin;

  /**
   * `{ token }` of the newest activation mail to `email` in the server's outbox (mail goes to
   * `.eml` files there), so a test can activate an account as its owner would.
   */
  function activationToken(email) {
    const outbox = join(dataDir, 'outbox');
    const files = existsSync(outbox) ? readdirSync(outbox).toSorted().toReversed() : [];
    for (const file of files.filter((name) => name.includes('-activation-'))) {
      // Quoted-printable text: join soft line breaks and decode "=3D" before reading the link.
      const text = readFileSync(join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replaceAll('=3D', '=');
      if (!text.includes(email)) continue;
      return { token: /[?&]token=([\w-]+)/.exec(text)?.[1] ?? null };
    }
    // An answer, not `null`: the test runner takes `null` for a command nobody handled.
    return { token: null };
  }

  return {
    origin: () => origin,
    plugin: {
      name: 'trade-api-server',
      async serverStart({ config }) {
        if (!existsSync(serverBundle)) {
          throw new Error('host-shop/dist/server/main.js is missing: run `npm run build` first');
        }
        const port = await freePort();
        dataDir = mkdtempSync(join(tmpdir(), 'tradein-widget-tests-'));
        const pageOrigins = [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`];
        child = spawn(process.execPath, [serverBundle], {
          env: {
            ...process.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            NODE_ENV: 'production',
            LOG_LEVEL: 'warn',
            CORS_ORIGINS: pageOrigins.join(','),
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        origin = `http://127.0.0.1:${port}`;
        await waitForHealth(origin, child);
      },
      // `trade-api:trade` reads a trade and its devices straight from the server's database,
      // so an end-to-end test can prove the number on the thank-you page is a stored trade;
      // `trade-api:controlling-events` reads the tracking events the server stored for a client.
      async executeCommand({ command, payload }) {
        if (command === 'trade-api:activation-token') return activationToken(payload.email);
        if (command !== 'trade-api:trade' && command !== 'trade-api:controlling-events') {
          return undefined;
        }
        const { default: Database } = await import('better-sqlite3');
        const db = new Database(join(dataDir, 'trade.sqlite'), { readonly: true });
        try {
          if (command === 'trade-api:controlling-events') {
            return db
              .prepare(
                'SELECT event_name, application_id, url, payload FROM controlling_events WHERE client_id = ? ORDER BY id',
              )
              .all(payload.clientId)
              .map((event) => ({ ...event, payload: JSON.parse(event.payload) }));
          }
          const trade = db
            .prepare(
              `SELECT id, trade_number, status, payment_type, total_cents, shop_mode, is_b2b, partner,
                 address_snapshot, customer_id FROM trades WHERE trade_number = ?`,
            )
            .get(payload.tradeNumber);
          if (trade === undefined) return null;
          const items = db
            .prepare(
              'SELECT device_name, quantity, price_cents FROM trade_items WHERE trade_id = ? ORDER BY id',
            )
            .all(trade.id);
          return { ...trade, items };
        } finally {
          db.close();
        }
      },
      async serverStop() {
        if (child && child.exitCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        }
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      },
    },
  };
}
