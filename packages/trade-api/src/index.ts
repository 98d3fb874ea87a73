/**
 * The reference trade API: storage (SQLite or PostgreSQL through Kysely), its configuration,
 * and the HTTP server behind every call of the contract.
 */
export { readLegalDetails } from './config/legal-details-file.ts';
export { readTradeApiConfig } from './config/trade-api-config.ts';
export { backOfficeOrigin } from './staff/back-office-origin.ts';
export { fastifyTrustProxy, trustProxySchema } from './config/trust-proxy.ts';
export type { TrustProxy } from './config/trust-proxy.ts';
export { answerOutsideApiInApiShape, apiShapedServerErrors } from './server/framework-errors.ts';

export { buildTradeApi } from './server/trade-api-plugin.ts';
export type { TradeApiOptions } from './server/trade-api-plugin.ts';
export { openTradeApi } from './server/open-trade-api.ts';
export type { OpenTradeApi } from './server/open-trade-api.ts';
export { responseCompression } from './server/response-compression.ts';
export { stopGracefullyOnSignals } from './server/graceful-stop.ts';
