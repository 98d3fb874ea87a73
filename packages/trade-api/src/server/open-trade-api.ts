import { buildCatalogue } from '../catalogue/build-catalogue.ts';
import { renderCatalogueImage } from '../catalogue/catalogue-image.ts';
import type { Catalogue } from '../catalogue/catalogue-model.ts';
import type { TradeApiConfig } from '../config/trade-api-config.ts';
import { createDatabase, type TradeDb } from '../db/create-database.ts';
import { loadCatalogue } from '../db/load-catalogue.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { createCatalogueSearch } from '../search/catalogue-search.ts';
import { join } from 'node:path';
import { createAuthenticator } from '../accounts/authenticator.ts';
import { registerAccountRoutes } from '../accounts/account-routes.ts';
import { registerCustomerRoutes } from '../accounts/customer-routes.ts';
import { createMailer } from '../mail/mailer.ts';
import { registerNewsletterRoutes } from '../newsletter/newsletter-routes.ts';
import { registerTrackingRoutes } from '../tracking/tracking-routes.ts';
import { registerOfferRoutes } from '../trades/offers.ts';
import { registerTradeRoutes } from '../trades/trade-routes.ts';
import type { TradeApiOptions } from './trade-api-plugin.ts';

const systemClock = (): Date => new Date();

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
    const options: TradeApiOptions = {
      db,
      config,
      search: createCatalogueSearch(catalogue),
      renderImage: (kind, id) => renderCatalogueImage(catalogue, kind, id) ?? null,
      authenticate: createAuthenticator({ db, config }),
      extend: (route) => {
        registerAccountRoutes(route, { db, config, mailer });
        registerCustomerRoutes(route, { db, config, mailer });
        registerTrackingRoutes(route, { db });
        registerNewsletterRoutes(route, { db, config, mailer });
        registerOfferRoutes(route, { db, clock: systemClock });
        registerTradeRoutes(route, { db, mailer, clock: systemClock });
      },
    };
    return {
      db,
      catalogue,
      options,
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
