import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { TradeApiConfig } from '../config/trade-api-config.ts';
import { databaseTroubleAt, type TradeDb } from '../db/create-database.ts';
import { installApiContext } from './api-context.ts';
import { registerCatalogueRevisionRoute } from './catalogue-revision-route.ts';
import { registerHealthRoute } from './health-route.ts';
import { registerImageRoute, type RenderImage } from './image-route.ts';
import { schedulePeriodicCleanup } from './periodic-cleanup.ts';
import { installRateLimits } from './rate-limit.ts';
import { createRouter, type Authenticator, type Route } from './route.ts';
import { registerSearchRoute, type SearchFunction } from './search-route.ts';

/** What the trade API needs to run. */
export interface TradeApiOptions {
  db: TradeDb;
  config: Pick<
    TradeApiConfig,
    'environment' | 'corsOrigins' | 'publicOrigin' | 'bodyLimitBytes' | 'offerRateLimit'
  >;
  /** Answers `POST /api/trade/searches`. */
  search: SearchFunction;
  /** Draws `GET /api/trade/images/:kind/:id.svg`. */
  renderImage: RenderImage;
  /** The catalogue revision the node serves, for `GET /api/trade/catalogue/revision`. */
  catalogueRevision?: () => number | undefined;
  /** Checks bearer tokens; required once a bearer endpoint is registered. */
  authenticate?: Authenticator;
  /** The current time for rate limits and clean-ups; default: the system clock. Tests move it. */
  clock?: () => Date;
  /** Registers further endpoints inside the API's context (same error handling, CORS, limits). */
  extend?: (route: Route, api: FastifyInstance) => void | Promise<void>;
}

/** All trade API paths start with it (§7); the plugin registers its context under it. */
const apiPrefix = '/api';

/**
 * The trade API as a Fastify plugin: `app.register(buildTradeApi(options))`. It claims the
 * `/api` prefix in its own encapsulated context, so a host server keeps its own 404 page,
 * error handler and headers for everything else. Logs go through the host's logger.
 */
export function buildTradeApi(options: TradeApiOptions): FastifyPluginAsync {
  return async (app) => {
    await app.register(
      async (api) => {
        await installApiContext(api, {
          allowedOrigins: [options.config.publicOrigin, ...options.config.corsOrigins],
          databaseTroubleAt: () => databaseTroubleAt(options.db),
        });
        const clock = options.clock ?? (() => new Date());
        await installRateLimits(api, {
          db: options.db,
          clock,
          offerRateLimit: options.config.offerRateLimit,
        });
        schedulePeriodicCleanup(api, { db: options.db, clock });
        const route = createRouter(api, {
          prefix: apiPrefix,
          bodyLimit: options.config.bodyLimitBytes,
          validateAnswers: options.config.environment !== 'production',
          authenticate: options.authenticate,
        });
        registerHealthRoute(route, options.db);
        registerSearchRoute(route, options.search);
        registerImageRoute(route, options.renderImage);
        registerCatalogueRevisionRoute(route, options.catalogueRevision);
        await options.extend?.(route, api);
      },
      { prefix: apiPrefix },
    );
  };
}
