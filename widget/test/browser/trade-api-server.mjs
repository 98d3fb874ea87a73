// A web-test-runner plugin that runs the real trade API for the browser tests: the production
// bundle of the shop server on a free loopback port, with a fresh database in a temporary folder
// (created, migrated and seeded on start), allowing the test pages' origin by CORS.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { mailsTo } from '@tradein/trade-api/test-kit/outbox-mail';
import { startBuiltServer } from '../../../scripts/built-server.mjs';

/** The plugin, and `origin()` for the test page template (set once the server runs). */
export function tradeApiServer() {
  let server;
  let dataDir;
  let origin;

  /**
   * `{ token }` of the newest activation mail to `email` in the server's outbox (mail goes to
   * `.eml` files there), so a test can activate an account as its owner would.
   */
  async function activationToken(email) {
    const mails = await mailsTo(join(dataDir, 'outbox'), email);
    const activation = mails.findLast((mail) => mail.kind === 'activation');
    // An answer, not `null`: the test runner takes `null` for a command nobody handled.
    return { token: /[?&]token=([\w-]+)/.exec(activation?.text ?? '')?.[1] ?? null };
  }

  return {
    origin: () => origin,
    plugin: {
      name: 'trade-api-server',
      async serverStart({ config }) {
        const pageOrigins = [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`];
        server = await startBuiltServer({
          env: {
            CORS_ORIGINS: pageOrigins.join(','),
            // The suite is one client that sells through dozens of flows a minute; the
            // production limit (30 offers a minute) would answer its later offers with 429.
            OFFER_RATE_LIMIT: '1000',
          },
          dataDirPrefix: 'tradein-widget-tests-',
        });
        ({ origin, dataDir } = server);
      },
      // `trade-api:trade` reads a trade and its devices straight from the server's database,
      // so an end-to-end test can prove the number on the thank-you page is a stored trade;
      // `trade-api:controlling-events` reads the tracking events the server stored for a client.
      async executeCommand({ command, payload }) {
        if (command === 'trade-api:activation-token') return activationToken(payload.email);
        if (command !== 'trade-api:trade' && command !== 'trade-api:controlling-events') {
          return undefined;
        }
        const db = new DatabaseSync(join(dataDir, 'trade.sqlite'), { readOnly: true });
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
        await server?.stop();
      },
    },
  };
}
