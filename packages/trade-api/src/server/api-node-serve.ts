import { readLegalDetails } from '../config/legal-details-file.ts';
import { readTradeApiConfig } from '../config/trade-api-config.ts';
import { openTradeApi } from './open-trade-api.ts';
import { createTradeApiServer } from './trade-api-server.ts';
import { stopGracefullyOnSignals } from './graceful-stop.ts';

/*
 * A standalone API node (`npm run start:api`, entry `api-node.ts`): serves only the `/api`
 * paths. Any number of these run behind a load balancer against one shared database
 * (DATABASE_URL); each opens, migrates and seeds it at start (all idempotent, waiting while the
 * database cannot be reached) and keeps no state of its own in memory beyond the read-mostly
 * catalogue. SIGTERM stops it gracefully (`graceful-stop.ts`).
 */

/** Prints a start-up failure without a stack trace for configuration errors, and exits 1. */
function fail(error: unknown): never {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

/** Opens the database, serves the API until SIGINT or SIGTERM; exits 1 when it cannot start. */
export async function serveApiNode(): Promise<void> {
  const config = (() => {
    try {
      // The node serves no page, but its mails and a shop node in front of it speak for the
      // same company: a production start with placeholder legal details stops here.
      readLegalDetails(process.env);
      return readTradeApiConfig(process.env);
    } catch (error) {
      return fail(error);
    }
  })();

  const opened = await openTradeApi(config).catch(fail);
  const app = await createTradeApiServer({
    ...opened.options,
    config,
    db: opened.db,
    migrated: true,
  }).catch(async (error: unknown) => {
    await opened.close();
    return fail(error);
  });
  // The server leaves a database it was handed open; this node opened it, so it closes it.
  app.addHook('onClose', () => opened.close());

  stopGracefullyOnSignals(app, 'API node');

  try {
    await app.listen({ host: config.host, port: config.port });
    app.log.info({ node: process.version }, 'API node running on Node.js');
  } catch (error) {
    await app.close();
    fail(error);
  }
}
