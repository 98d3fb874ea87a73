import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openTradeApi, readTradeApiConfig, type OpenTradeApi } from '@tradein/trade-api';
import { apiCaller, type ApiCall } from '@tradein/trade-api/test-kit';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ServerBuild } from 'react-router';
import { buildApp } from './app.ts';
import { inProcessFetch } from './in-process-fetch.ts';

/** A phone's browser, as most sellers arrive (crawlers get 404s without the page). */
const browserAgent =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

const pagesBuild = new URL('../../build/server/index.js', import.meta.url);

/** The shop as `npm start` serves it: built pages, the trade API on a fresh SQLite file. */
export interface TestShop {
  app: FastifyInstance;
  /** Where the trade API writes its mail (`.eml` files). */
  outbox: string;
  get(host: string, url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Posts a form as a browser without JavaScript does. */
  postForm(
    host: string,
    url: string,
    fields: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Calls of the trade API the shop mounts (`/api`), answered in process. */
  api: ApiCall;
  /** Every trade API call the server received so far (`POST /api/…`), pages' own calls too. */
  apiCalls(): readonly string[];
  close(): Promise<void>;
}

/** React Router's build of the pages, as `npm run build` wrote it. */
export async function loadPagesBuild(): Promise<ServerBuild> {
  if (!existsSync(pagesBuild)) {
    throw new Error(
      `${fileURLToPath(pagesBuild)} is missing: build the pages first (npm run build -w @tradein/host-shop)`,
    );
  }
  return (await import(/* @vite-ignore */ pagesBuild.href)) as ServerBuild;
}

/**
 * Starts the shop with React Router's build of the pages (host-shop/build, written by
 * `npm run build`; `npm test` builds before it runs these tests).
 */
export async function startTestShop(): Promise<TestShop> {
  const pages = await loadPagesBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'host-shop-pages-'));
  const tradeApi: OpenTradeApi = await openTradeApi(
    readTradeApiConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', PUBLIC_ORIGIN: 'http://localhost' }),
  );
  const app = buildApp({ tradeApi: tradeApi.options, pages });
  const apiCalls: string[] = [];
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/')) apiCalls.push(`${request.method} ${request.url}`);
  });
  await app.ready();
  return {
    app,
    outbox: join(dataDir, 'outbox'),
    get: (host, url, headers = {}) =>
      app.inject({ method: 'GET', url, headers: { host, 'user-agent': browserAgent, ...headers } }),
    postForm: (host, url, fields) =>
      app.inject({
        method: 'POST',
        url,
        headers: {
          host,
          'user-agent': browserAgent,
          'content-type': 'application/x-www-form-urlencoded',
          origin: `http://${host}`,
        },
        payload: new URLSearchParams(fields).toString(),
      }),
    inject: (options) => app.inject(options),
    api: apiCaller('http://localhost', inProcessFetch(app)),
    apiCalls: () => [...apiCalls],
    async close() {
      await app.close();
      await tradeApi.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A page's main content, without the ids React numbers per render: what two answers share. */
export function mainOf(body: string): string {
  const main = body.slice(body.indexOf('<main'), body.indexOf('</main>'));
  return main.replaceAll(/_R_[A-Za-z0-9_]+_/g, 'id');
}
