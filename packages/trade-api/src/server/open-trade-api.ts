import { getEdition } from '@tradein/editions';
import { join } from 'node:path';
import { createAuthenticator } from '../accounts/authenticator.ts';
import { registerAccountRoutes } from '../accounts/account-routes.ts';
import { registerCustomerRoutes } from '../accounts/customer-routes.ts';
import { openBlobStore } from '../blobs/open-blob-store.ts';
import { buildCatalogue } from '../catalogue/build-catalogue.ts';
import { cataloguePhotoStorage } from '../catalogue/catalogue-photo.ts';
import type { Catalogue } from '../catalogue/catalogue-model.ts';
import type { TradeApiConfig } from '../config/trade-api-config.ts';
import { registerContactRoutes } from '../contact/contact-routes.ts';
import {
  createDatabase,
  databaseDialect,
  requestTimeouts,
  type TradeDb,
} from '../db/create-database.ts';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { openLiveCatalogue, type LiveCatalogue } from '../catalogue-changes/live-catalogue.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { scheduleTradeJobs } from '../jobs/trade-jobs.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import {
  registerNewsletterRoutes,
  subscribeWithOptInMail,
} from '../newsletter/newsletter-routes.ts';
import { sellerPhotoStorage } from '../photos/photo-storage.ts';
import { registerSellerPhotoRoutes } from '../photos/seller-photo-routes.ts';
import { createCatalogueSearch } from '../search/catalogue-search.ts';
import { catalogueImages } from './image-route.ts';
import { registerTrackingRoutes } from '../tracking/tracking-routes.ts';
import { registerOfferRoutes } from '../trades/offers.ts';
import { registerTradeRoutes } from '../trades/trade-routes.ts';
import { registerStaffRoutes } from '../staff/staff-routes.ts';
import { registerOpsTradeRoutes } from '../ops/ops-trade-routes.ts';
import { registerOpsCatalogueRoutes } from '../catalogue-changes/catalogue-routes.ts';
import { registerPayoutRoutes } from '../payouts/payout-routes.ts';
import { readPayoutAccount } from '../payouts/payout-account.ts';
import { registerOverviewRoutes } from '../ops/overview-routes.ts';
import type { TradeApiOptions } from './trade-api-plugin.ts';
import { checkSharedSecret, requireSharedSettings } from './cluster-check.ts';

/** What every feature of the API is built from. */
export interface TradeApiParts {
  db: TradeDb;
  config: TradeApiConfig;
  /**
   * The stored catalogue, as `loadCatalogue` reads it, or a node's live catalogue that follows
   * every change (`openLiveCatalogue`): search and images then serve its newest snapshot.
   */
  catalogue: Catalogue | LiveCatalogue;
  mailer: Mailer;
  /** Default: the system clock. */
  clock?: () => Date;
  /** How often this node looks for due jobs; default `jobPollIntervalMs` (tests shorten it). */
  jobIntervalMs?: number;
}

const systemClock = (): Date => new Date();

/**
 * The plugin options with every feature registered: search and images (photos, else drawings)
 * over the catalogue, bearer authentication, accounts and customers, tracking, newsletter,
 * offers, trades and contact messages.
 */
export function createTradeApiOptions(parts: TradeApiParts): TradeApiOptions {
  const { db, config, mailer } = parts;
  const clock = parts.clock ?? systemClock;
  const authenticate = createAuthenticator({ db, config, clock });
  const live = 'current' in parts.catalogue ? parts.catalogue : undefined;
  const fixed = 'current' in parts.catalogue ? undefined : parts.catalogue;
  const search = live?.search ?? createCatalogueSearch(fixed as Catalogue);
  const catalogue = (): Catalogue => live?.current().catalogue ?? (fixed as Catalogue);
  return {
    db,
    config,
    search,
    catalogueRevision: () => live?.current().revision,
    renderImage: catalogueImages(catalogue, cataloguePhotoStorage(openBlobStore(config, db))),
    authenticate,
    extend: async (route, api) => {
      registerAccountRoutes(route, { db, config, mailer, clock });
      registerCustomerRoutes(route, { db, config, mailer, clock });
      registerTrackingRoutes(route, { db, clock });
      registerNewsletterRoutes(route, { db, config, mailer, clock });
      registerOfferRoutes(route, { db, clock, authenticate });
      registerTradeRoutes(route, {
        db,
        config,
        mailer,
        clock,
        newsletterOptIn: async ({ email, edition }) => {
          if (!getEdition(edition).hasNewsletter) return;
          await subscribeWithOptInMail(
            { db, config, mailer, clock },
            { email, edition, source: 'checkout' },
          );
        },
      });
      registerContactRoutes(route, { db, mailer, clock });
      registerStaffRoutes(route, { db, clock, publicOrigin: config.publicOrigin });
      await registerOpsTradeRoutes(route, api, { db, mailer, clock, blobs: config, links: config });
      await registerOpsCatalogueRoutes(route, api, {
        db,
        clock,
        validateAnswers: config.environment !== 'production',
      });
      const payoutAccount = readPayoutAccount(process.env);
      registerPayoutRoutes(route, { db, clock, mailer, links: config, payoutAccount });
      registerOverviewRoutes(route, { db, clock });
      // Status mails and reminders: every node runs the job worker until it closes.
      scheduleTradeJobs(api, {
        db,
        mailer,
        clock,
        links: config,
        ...(parts.jobIntervalMs === undefined ? {} : { intervalMs: parts.jobIntervalMs }),
      });
      await registerSellerPhotoRoutes(route, api, {
        db,
        clock,
        storage: sellerPhotoStorage(openBlobStore(config, db)),
        authenticate,
        validateAnswers: config.environment !== 'production',
      });
    },
  };
}

/** A trade API ready to serve: its database, the catalogue it serves, and the plugin options. */
export interface OpenTradeApi {
  db: TradeDb;
  /** The catalogue as the database holds it, reloaded on every change (catalogue_revisions). */
  catalogue: LiveCatalogue;
  /** Options for `buildTradeApi` (or `createTradeApiServer`). */
  options: TradeApiOptions;
  close(): Promise<void>;
}

/** Reports that the database did not answer at start and when the next try is. */
export type DatabaseWaitLog = (message: string) => void;

/** Options of {@link openTradeApi}. */
export interface OpenTradeApiOptions {
  /** Builds the catalogue seeded into an empty database; default the project's seed. */
  seed?: () => Catalogue;
  /** Where "waiting for the database" lines go; default standard error. */
  log?: DatabaseWaitLog;
  /** Longest pause between two tries, in milliseconds; default 5 s. */
  maxRetryDelayMs?: number;
  /** How often the node looks for catalogue and price changes; default 1 s. */
  cataloguePollMs?: number;
}

const defaultWaitLog: DatabaseWaitLog = (message) => {
  process.stderr.write(`${message}\n`);
};

/** The message of the error that started it all (`Migration … failed` wraps the connection's). */
function rootCause(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

/**
 * Runs `attempt` until it does not fail for an unreachable database: the first retry after
 * 0.5 s, then twice as long each time up to `maxDelayMs`, with a line in the log per failure.
 * Other failures (a broken migration, a wrong setting) end the wait at once.
 */
async function untilDatabaseAnswers<T>(
  attempt: () => Promise<T>,
  log: DatabaseWaitLog,
  maxDelayMs: number,
): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const delayMs = Math.min(maxDelayMs, 500 * 2 ** (tries - 1));
      const reason = rootCause(error);
      log(
        `The database is not reachable yet (${reason}); trying again in ${(delayMs / 1000).toFixed(1)} s (attempt ${tries})`,
      );
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

/**
 * Migrates and seeds through a handle of its own that waits as long as the database needs (a
 * long migration, another node holding the seeding lock), and on PostgreSQL checks the settings
 * every node must share.
 */
async function prepareDatabase(config: TradeApiConfig, seed: () => Catalogue): Promise<void> {
  const setup = createDatabase({ ...config, postgresPoolSize: 2, timeouts: { connectMs: 5000 } });
  try {
    if (databaseDialect(setup) === 'postgres') {
      requireSharedSettings(config.sharedSettingsGiven ?? { jwtSecret: true, publicOrigin: true });
    }
    await migrateToLatest(setup);
    if (databaseDialect(setup) === 'postgres') {
      await checkSharedSecret(setup, { jwtSecret: config.jwtSecret, now: new Date() });
    }
    await seedCatalogue(setup, seed());
  } finally {
    await setup.destroy();
  }
}

/**
 * Opens the configured database, migrates it, seeds an empty catalogue, and builds what the
 * endpoints serve from the stored catalogue (search indexes, images). Every API node does this
 * at start; the catalogue is read-mostly, so each node searches it in its own memory. While the
 * database cannot be reached, it waits and tries again (logging each try) instead of failing.
 * The handle it serves with gives up on a call the database leaves unanswered
 * ({@link requestTimeouts}), so a request answers 503 rather than hanging.
 */
export async function openTradeApi(
  config: TradeApiConfig,
  options: OpenTradeApiOptions = {},
): Promise<OpenTradeApi> {
  const log = options.log ?? defaultWaitLog;
  const maxDelayMs = options.maxRetryDelayMs ?? 5000;
  await untilDatabaseAnswers(
    () => prepareDatabase(config, options.seed ?? buildCatalogue),
    log,
    maxDelayMs,
  );
  const db = createDatabase({ ...config, timeouts: requestTimeouts });
  try {
    const catalogue = await untilDatabaseAnswers(
      () =>
        openLiveCatalogue(db, {
          ...(options.cataloguePollMs === undefined ? {} : { pollMs: options.cataloguePollMs }),
          log,
        }),
      log,
      maxDelayMs,
    );
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: join(config.dataDir, 'outbox'),
    });
    return {
      db,
      catalogue,
      options: createTradeApiOptions({ db, config, catalogue, mailer }),
      async close() {
        catalogue.close();
        mailer.close();
        await db.destroy();
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
