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
import { createDatabase, type TradeDb } from '../db/create-database.ts';
import { loadCatalogue } from '../db/load-catalogue.ts';
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
import type { TradeApiOptions } from './trade-api-plugin.ts';

/** What every feature of the API is built from. */
export interface TradeApiParts {
  db: TradeDb;
  config: TradeApiConfig;
  /** The stored catalogue, as `loadCatalogue` reads it. */
  catalogue: Catalogue;
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
  const { db, config, catalogue, mailer } = parts;
  const clock = parts.clock ?? systemClock;
  const authenticate = createAuthenticator({ db, config, clock });
  return {
    db,
    config,
    search: createCatalogueSearch(catalogue),
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
  catalogue: Catalogue;
  /** Options for `buildTradeApi` (or `createTradeApiServer`). */
  options: TradeApiOptions;
  close(): Promise<void>;
}

/**
 * Opens the configured database, migrates it, seeds an empty catalogue, and builds what the
 * endpoints serve from the stored catalogue (search indexes, images). Every API node does this
 * at start; the catalogue is read-mostly, so each node searches it in its own memory.
 */
export async function openTradeApi(
  config: TradeApiConfig,
  seed: () => Catalogue = buildCatalogue,
): Promise<OpenTradeApi> {
  const db = createDatabase(config);
  try {
    await migrateToLatest(db);
    await seedCatalogue(db, seed());
    const catalogue = await loadCatalogue(db);
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: join(config.dataDir, 'outbox'),
    });
    return {
      db,
      catalogue,
      options: createTradeApiOptions({ db, config, catalogue, mailer }),
      async close() {
        mailer.close();
        await db.destroy();
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
