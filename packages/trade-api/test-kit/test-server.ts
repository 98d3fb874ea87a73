import { emptySearchResult } from '@tradein/contract';
import { deriveShopOrigins } from '@tradein/editions';
import type { FastifyInstance } from 'fastify';
import type { TradeDb } from '../src/db/create-database.ts';
import {
  createTradeApiServer,
  type TradeApiServerOptions,
} from '../src/server/trade-api-server.ts';
import type { TradeApiConfig } from '../src/config/trade-api-config.ts';

/** The configuration tests run with: a partner origin allowed, the shop on localhost. */
export const testConfig: TradeApiConfig = {
  environment: 'test',
  databaseUrl: undefined,
  dataDir: '/nonexistent',
  sqliteFile: ':memory:',
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
  smtpUrl: undefined,
  corsOrigins: ['https://partner.example'],
  publicOrigin: 'http://localhost:8080',
  shopOrigins: deriveShopOrigins('http://localhost:8080'),
  bodyLimitBytes: 65_536,
  // The tests create many offers from one address; the offer limit has tests of its own.
  offerRateLimit: 1_000_000,
  host: '127.0.0.1',
  port: 0,
  logLevel: 'silent',
};

/** A trade API server listening on a free loopback port. */
export interface RunningServer {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close(): Promise<void>;
}

/** Starts the standalone server on loopback with the given database and fakes. */
export async function startTestServer(
  db: TradeDb,
  options: Partial<Omit<TradeApiServerOptions, 'db'>> = {},
): Promise<RunningServer> {
  const app = await createTradeApiServer({
    config: testConfig,
    search: (query) => emptySearchResult(query.kind),
    renderImage: () => null,
    ...options,
    db,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin: address, close: () => app.close() };
}
