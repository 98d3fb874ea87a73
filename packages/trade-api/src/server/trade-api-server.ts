import fastifyCompress from '@fastify/compress';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Catalogue } from '../catalogue/catalogue-model.ts';
import type { TradeApiConfig } from '../config/trade-api-config.ts';
import { fastifyTrustProxy } from '../config/trust-proxy.ts';
import { createDatabase, type TradeDb } from '../db/create-database.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { answerOutsideApiInApiShape, apiShapedServerErrors } from './framework-errors.ts';
import { buildTradeApi, type TradeApiOptions } from './trade-api-plugin.ts';
import { responseCompression } from './response-compression.ts';

/** Options of a standalone trade API server. */
export interface TradeApiServerOptions extends Omit<TradeApiOptions, 'db' | 'config'> {
  config: TradeApiConfig;
  /** An open database; when absent the server opens the configured one and closes it on close. */
  db?: TradeDb;
  /** Seeded into an empty catalogue on start. */
  catalogue?: Catalogue;
  /** The passed database is migrated already (by `openTradeApi`): start without migrating. */
  migrated?: boolean;
  /** Fastify's logger option; default: JSON lines at the configured level. */
  logger?: FastifyServerOptions['logger'];
}

/** A request id from a proxy is kept when it looks like one, so logs can be joined. */
const forwardedRequestId = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * A Fastify server running only the trade API (a stateless API node behind a load balancer):
 * opens, migrates and seeds the database when none is passed, then registers the plugin.
 * Call `listen` on the result; `close` also closes a database it opened.
 */
export async function createTradeApiServer(
  options: TradeApiServerOptions,
): Promise<FastifyInstance> {
  const { config } = options;
  const ownsDatabase = options.db === undefined;
  const db = options.db ?? createDatabase(config);
  try {
    if (options.migrated !== true) await migrateToLatest(db);
    if (options.catalogue !== undefined) await seedCatalogue(db, options.catalogue);
  } catch (error) {
    if (ownsDatabase) await db.destroy();
    throw error;
  }

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    // Forwarding headers count only from the configured proxies (a shop node, a load balancer):
    // from anyone else they would let a client choose the address its limits are counted by.
    trustProxy: fastifyTrustProxy(config.trustProxy ?? false),
    // A URL Fastify cannot decode and a request Node cannot parse answer like the API too.
    ...apiShapedServerErrors,
    genReqId: (request) => {
      const forwarded = request.headers['x-request-id'];
      return typeof forwarded === 'string' && forwardedRequestId.test(forwarded)
        ? forwarded
        : randomUUID();
    },
    // Prototype pollution through JSON bodies is refused, not silently stripped.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });
  if (ownsDatabase) app.addHook('onClose', async () => db.destroy());
  // Paths outside /api are nobody's on an API node: the contract's 404, not Fastify's.
  answerOutsideApiInApiShape(app);

  const { catalogue: _catalogue, logger: _logger, db: _db, ...pluginOptions } = options;
  await app.register(fastifyCompress, responseCompression);
  await app.register(buildTradeApi({ ...pluginOptions, db, config }));
  return app;
}
