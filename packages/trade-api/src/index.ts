/**
 * The reference trade API: storage (SQLite or PostgreSQL through Kysely), its configuration,
 * and the HTTP server behind every call of the contract.
 */
export { readTradeApiConfig } from './config/trade-api-config.ts';
export type { TradeApiConfig, TradeApiEnvironment } from './config/trade-api-config.ts';

export { createDatabase, databaseDialect } from './db/create-database.ts';
export type { DatabaseConfig, DatabaseDialect, TradeDb } from './db/create-database.ts';
export { canonicalCatalogueOrder, loadCatalogue } from './db/load-catalogue.ts';
export { migrateToLatest, migrations } from './db/migrations.ts';
export { tableNames } from './db/schema.ts';
export type { TradeDatabase } from './db/schema.ts';
export { seedCatalogue } from './db/seed-catalogue.ts';
export type { SeedResult } from './db/seed-catalogue.ts';

export { HttpError } from './server/http-error.ts';
export { healthEndpoint } from './server/health-route.ts';
export { imageKinds } from './server/image-route.ts';
export type { ImageKind, RenderImage } from './server/image-route.ts';
export type {
  AuthenticatedCustomer,
  Authenticator,
  Route,
  RouteHandler,
  RouteInput,
} from './server/route.ts';
export type { SearchApplication, SearchFunction } from './server/search-route.ts';
export { buildTradeApi } from './server/trade-api-plugin.ts';
export type { TradeApiOptions } from './server/trade-api-plugin.ts';
export { createTradeApiServer } from './server/trade-api-server.ts';
export { openTradeApi } from './server/open-trade-api.ts';
export type { OpenTradeApi } from './server/open-trade-api.ts';
export { createCatalogueSearch } from './search/catalogue-search.ts';
export { buildCatalogue } from './catalogue/build-catalogue.ts';
export type { TradeApiServerOptions } from './server/trade-api-server.ts';
