import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildTradeApi,
  fastifyTrustProxy,
  openTradeApi,
  readTradeApiConfig,
  type OpenTradeApi,
  type TrustProxy,
} from '@tradein/trade-api';
import { catalogueRevisionEndpoint } from '@tradein/contract';
import { apiCaller, type ApiCall } from '@tradein/trade-api/test-kit';
import Fastify, {
  type FastifyInstance,
  type InjectOptions,
  type LightMyRequestResponse,
  type onRequestHookHandler,
} from 'fastify';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from './app.ts';
import { inProcessFetch } from './in-process-fetch.ts';

/** A phone's browser, as most sellers arrive (crawlers get 404s without the page). */
const browserAgent =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

const pagesBuild = new URL('../../build/server/index.js', import.meta.url);

/** The shop as `npm start` serves it: built pages, the trade API on a fresh SQLite file. */
export interface TestShop {
  app: FastifyInstance;
  /** The trade API the shop mounts or calls, with its catalogue. */
  tradeApi: OpenTradeApi;
  /** Where the trade API writes its mail (`.eml` files). */
  outbox: string;
  get(host: string, url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Posts a form as a browser without JavaScript does (at `remoteAddress`, say). */
  postForm(
    host: string,
    url: string,
    fields: Record<string, string>,
    options?: Pick<InjectOptions, 'remoteAddress'>,
  ): Promise<LightMyRequestResponse>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Calls of the trade API the shop mounts (`/api`), answered in process. */
  api: ApiCall;
  /**
   * Every trade API call the server received so far (`POST /api/…`), pages' own calls too, but
   * not the check for a newer catalogue that a page makes at most once a second whatever it
   * shows (so a test can tell that a refused form called nothing).
   */
  apiCalls(): readonly string[];
  close(): Promise<void>;
}

/** React Router's build of the pages, as `npm run build` wrote it. */
async function loadPagesBuild(): Promise<ServerBuild> {
  if (!existsSync(pagesBuild)) {
    throw new Error(
      `${fileURLToPath(pagesBuild)} is missing: build the pages first (npm run build -w @tradein/host-shop)`,
    );
  }
  return (await import(/* @vite-ignore */ pagesBuild.href)) as ServerBuild;
}

/** A trade API on a fresh SQLite folder; `remove` closes it and deletes the folder. */
async function openTestTradeApi(): Promise<
  OpenTradeApi & { dataDir: string; remove(): Promise<void> }
> {
  const dataDir = mkdtempSync(join(tmpdir(), 'host-shop-trade-api-'));
  const tradeApi = await openTradeApi(
    readTradeApiConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', PUBLIC_ORIGIN: 'http://localhost' }),
  );
  return {
    ...tradeApi,
    dataDir,
    async remove() {
      await tradeApi.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** How a test's shop runs; by default it mounts the trade API and trusts no proxy. */
export interface TestShopOptions {
  /** The proxies whose `X-Forwarded-*` headers the shop reads (`TRUST_PROXY`). */
  trustProxy?: TrustProxy;
  /**
   * The trade API as a node of its own on loopback, which the shop calls (`TRADE_API_URL`).
   * With `trustsShop` the node takes the shop (on loopback) for its proxy; `onRequest` sees
   * every request the node receives.
   */
  apiNode?: { trustsShop?: boolean; onRequest?: onRequestHookHandler };
}

/** Starts the trade API as a node of its own on loopback; answers its origin and how to stop it. */
async function startApiNode(
  tradeApi: OpenTradeApi,
  { trustsShop = false, onRequest }: NonNullable<TestShopOptions['apiNode']>,
): Promise<{ origin: string; close(): Promise<void> }> {
  const node = Fastify(trustsShop ? { trustProxy: fastifyTrustProxy(['127.0.0.1']) } : {});
  if (onRequest !== undefined) node.addHook('onRequest', onRequest);
  await node.register(buildTradeApi(tradeApi.options));
  return { origin: await node.listen({ port: 0, host: '127.0.0.1' }), close: () => node.close() };
}

/**
 * Starts the shop with React Router's build of the pages (host-shop/build, written by
 * `npm run build`; `npm test` builds before it runs these tests).
 */
async function startTestShop(options: TestShopOptions = {}): Promise<TestShop> {
  const pages = await loadPagesBuild();
  const tradeApi = await openTestTradeApi();
  const apiNode =
    options.apiNode === undefined ? undefined : await startApiNode(tradeApi, options.apiNode);
  const app = buildApp({
    pages,
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
    ...(apiNode === undefined ? { tradeApi: tradeApi.options } : { tradeApiUrl: apiNode.origin }),
  });
  const apiCalls: string[] = [];
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url === catalogueRevisionEndpoint.path) return;
    apiCalls.push(`${request.method} ${request.url}`);
  });
  await app.ready();
  return {
    app,
    tradeApi,
    outbox: join(tradeApi.dataDir, 'outbox'),
    get: (host, url, headers = {}) =>
      app.inject({ method: 'GET', url, headers: { host, 'user-agent': browserAgent, ...headers } }),
    postForm: (host, url, fields, { remoteAddress } = {}) =>
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
        ...(remoteAddress === undefined ? {} : { remoteAddress }),
      }),
    inject: (request) => app.inject(request),
    api: apiCaller('http://localhost', inProcessFetch(app)),
    apiCalls: () => [...apiCalls],
    async close() {
      await app.close();
      await apiNode?.close();
      await tradeApi.remove();
    },
  };
}

/**
 * The test shop of a test file (or of a describe block): started before its tests, closed after
 * them. Its members answer once it has started: in hooks and tests, not while tests are collected.
 */
export function useTestShop(options: TestShopOptions = {}): Omit<TestShop, 'close'> {
  let started: TestShop | undefined;
  beforeAll(async () => {
    started = await startTestShop(options);
  }, 60_000);
  afterAll(() => started?.close());
  const shop = (): TestShop => {
    if (started === undefined) throw new Error('the test shop starts before the tests run');
    return started;
  };
  return {
    get app() {
      return shop().app;
    },
    get tradeApi() {
      return shop().tradeApi;
    },
    get outbox() {
      return shop().outbox;
    },
    get: (host, url, headers) => shop().get(host, url, headers),
    postForm: (host, url, fields, sender) => shop().postForm(host, url, fields, sender),
    inject: (request) => shop().inject(request),
    api: (method, path, call) => shop().api(method, path, call),
    apiCalls: () => shop().apiCalls(),
  };
}

/** A page's main content, without the ids React numbers per render: what two answers share. */
export function mainOf(body: string): string {
  const main = body.slice(body.indexOf('<main'), body.indexOf('</main>'));
  return main.replaceAll(/_R_[A-Za-z0-9_]+_/g, 'id');
}
