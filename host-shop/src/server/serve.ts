import {
  backOfficeOrigin,
  openTradeApi,
  readLegalDetails,
  readTradeApiConfig,
  stopGracefullyOnSignals,
} from '@tradein/trade-api';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { buildApp } from './app.ts';
import { readEnvironment, type ServerEnvironment } from './environment.ts';

/** Where the shop server finds its defaults that depend on the bundle's location. */
export interface ServeOptions {
  /** The data folder when `DATA_DIR` is not set. */
  defaultDataDir: string;
  /** React Router's server build of the pages. */
  pagesBuild: URL;
  /** React Router's server build of the back office. */
  backOfficeBuild: URL;
}

/** Reads settings; when they are wrong, prints what is wrong (no stack trace) and exits 1. */
function readSettingsOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

/**
 * Opens the trade API (or, with `TRADE_API_URL`, uses an API node), builds the shop server and
 * listens until SIGINT or SIGTERM.
 */
export async function serve({
  defaultDataDir,
  pagesBuild,
  backOfficeBuild,
}: ServeOptions): Promise<void> {
  const environment = readSettingsOrExit(() => readEnvironment(process.env));
  // The pages read the same file when they first show an imprint, privacy or contact page
  // (app/content/legal-details.server.ts); a mistake in it, or a placeholder left in a
  // production start, stops the server here instead. The environment is passed as an object:
  // the bundle replaces the expression `process.env.NODE_ENV` with "production" at build time.
  readSettingsOrExit(() => readLegalDetails({ ...process.env }));
  const pages = (await import(pagesBuild.href)) as ServerBuild;
  // The back office answers on `ops.` beside the shop host of PUBLIC_ORIGIN, where its
  // invitation links point (docs/back-office.md, "Its host").
  const backOffice = {
    build: (await import(backOfficeBuild.href)) as ServerBuild,
    host: new URL(backOfficeOrigin(environment.PUBLIC_ORIGIN ?? 'http://localhost')).hostname,
  };
  const tradeApiUrl = environment.TRADE_API_URL;
  if (tradeApiUrl !== undefined) {
    // A shop node in front of an API node: no database of its own.
    const app = buildApp({
      logger: true,
      trustProxy: environment.TRUST_PROXY,
      tradeApiUrl,
      pages,
      backOffice,
    });
    await listenUntilStopped(app, environment);
    app.log.info({ tradeApiUrl }, 'shop pages call the trade API node');
    return;
  }
  const tradeApiConfig = readSettingsOrExit(() =>
    readTradeApiConfig({
      ...process.env,
      DATA_DIR: process.env.DATA_DIR || defaultDataDir,
    }),
  );
  const tradeApi = await openTradeApi(tradeApiConfig);
  const app = buildApp({
    logger: true,
    trustProxy: environment.TRUST_PROXY,
    tradeApi: tradeApi.options,
    pages,
    backOffice,
  });
  app.addHook('onClose', () => tradeApi.close());
  await listenUntilStopped(app, environment);
}

/** Listens until SIGINT or SIGTERM, then stops gracefully (and closes what it holds). */
async function listenUntilStopped(app: FastifyInstance, environment: ServerEnvironment) {
  stopGracefullyOnSignals(app, 'shop server');
  await app.listen({ port: environment.PORT, host: environment.HOST });
  app.log.info({ node: process.version }, 'shop server running on Node.js');
}
