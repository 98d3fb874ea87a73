import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyHttpProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import { createApiClient } from '@tradein/client-core';
import { apiErrorCode } from '@tradein/contract';
import {
  answerOutsideApiInApiShape,
  apiShapedServerErrors,
  buildTradeApi,
  fastifyTrustProxy,
  responseCompression,
  type TradeApiOptions,
  type TrustProxy,
} from '@tradein/trade-api';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { ServerBuild } from 'react-router';
import type { Site } from '../app/site.ts';
import { mountBackOffice, type BackOfficeOptions } from './back-office.ts';
import { inProcessFetch } from './in-process-fetch.ts';
import { pagesPlugin } from './pages.ts';
import { searchEngineFiles } from './search-engine-files.ts';
import { everyAnswerHeaders } from './security-headers.ts';

/** Seconds a client is told to wait when the trade API node behind `TRADE_API_URL` did not answer. */
const apiNodeRetryAfterSeconds = 5;

export interface AppOptions {
  logger?: boolean;
  /**
   * The proxies whose `X-Forwarded-*` headers name the visitor, its host and protocol
   * (`TRUST_PROXY`); default: none, so a visitor cannot choose the address its limits are
   * counted by, nor the edition it is served.
   */
  trustProxy?: TrustProxy;
  /** Built widget files served at /widget/ (default: the workspace's widget/dist). */
  widgetDirectory?: string;
  /** Demo pages served at /demo/ (default: the workspace's demo folder). */
  demoDirectory?: string;
  /** The trade API served under /api on the same origin (DESIGN.md: one origin for everything). */
  tradeApi?: TradeApiOptions;
  /** Or the URL of a separate trade API node the pages call (`TRADE_API_URL`). */
  tradeApiUrl?: string;
  /** The shop's pages: React Router's server build (host-shop/build/server/index.js). */
  pages?: ServerBuild;
  /** The pages' browser files (default: host-shop/build/client). */
  pagesClientDirectory?: string;
  /** The back office, served on its own host beside the pages. */
  backOffice?: BackOfficeOptions;
}

// src/server/app.ts and the bundled dist/server/main.js sit at the same depth in host-shop/.
const workspaceRoot = new URL('../../../', import.meta.url);
const defaultWidgetDirectory = fileURLToPath(new URL('widget/dist/', workspaceRoot));
const defaultDemoDirectory = fileURLToPath(new URL('demo/', workspaceRoot));
const defaultPagesClientDirectory = fileURLToPath(
  new URL('host-shop/build/client/', workspaceRoot),
);

// Vite names split chunks `name-<8 character hash>.ext`: only those may be cached forever (also
// as the `.br` or `.gz` copy the build wrote beside them).
const hashedFile = /-[A-Za-z0-9_-]{8}\.(?:m?js|css|webm|vtt)(?:\.br|\.gz)?$/;

/** A host name or address with an optional port: what the host of a request to us may be. */
const hostSyntax = /^(?:[\w.-]+|\[[\dA-Fa-f:.]+\])(?::\d{1,5})?$/;

/** A request whose host no URL can be built from: refused with a 400 by the error handler. */
class InvalidHostError extends Error {
  readonly statusCode = 400;
  readonly code = 'TRADEIN_INVALID_HOST';

  constructor() {
    super('The host of the request is not valid');
    this.name = 'InvalidHostError';
  }
}

/**
 * The origin links of a page name: the edition's public domain on production hosts (whatever
 * host header a client sends), the requested host elsewhere (test, stage, a developer's machine).
 */
function publicOrigin(site: Site, request: FastifyRequest): string {
  return site.environment === 'production'
    ? `https://${site.domain}`
    : `${request.protocol}://${request.host}`;
}

/** A `fetch` to the API node that names the visitor's address as the client's. */
function forwardingFetch(clientAddress: string): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('x-forwarded-for', clientAddress);
    return fetch(input, { ...init, headers });
  };
}

/** The shop host: one Fastify server answering for every edition host. */
export function buildApp(options: AppOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    // A URL that cannot be decoded and a request Node cannot parse answer the trade API's error
    // shape (for pages too: there is no page to show for them), never Fastify's echo of the path.
    ...apiShapedServerErrors,
  });
  // So do paths no route answers (methods pages do not take) and failures outside the API.
  answerOutsideApiInApiShape(app);

  // Pages, the sitemap and robots.txt build URLs from the host (the Host header, or what a
  // trusted proxy names): one that is no host name is a bad request, not a failure of a page.
  // No host at all (HTTP/1.0) is served as the default edition.
  app.addHook('onRequest', async (request) => {
    const host = request.host;
    if (host !== '' && !(hostSyntax.test(host) && URL.canParse(`http://${host}`))) {
      throw new InvalidHostError();
    }
  });

  app.addHook('onSend', async (_request, reply) => {
    // Answers that set their own (the API's, pages) keep them.
    for (const [name, value] of Object.entries(everyAnswerHeaders)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
  });

  // Pages and API answers are compressed as they are sent (brotli, else gzip; vary:
  // accept-encoding). Registered before everything else so that it covers every route; files
  // the build compressed already (widget, demo app) keep their `content-encoding` and pass.
  void app.register(fastifyCompress, responseCompression);

  if (options.tradeApi) void app.register(buildTradeApi(options.tradeApi));
  else if (options.tradeApiUrl !== undefined) {
    // The widget and other browser code call `/api` on the shop's origin: forwarded to the API
    // node, naming the visitor as the client. The API node trusts these headers when its
    // TRUST_PROXY names this server; what the visitor sent in them is replaced by what this
    // server itself trusts.
    void app.register(fastifyHttpProxy, {
      upstream: options.tradeApiUrl,
      prefix: '/api',
      rewritePrefix: '/api',
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => ({
          ...headers,
          'x-forwarded-for': request.ip,
          'x-forwarded-host': request.host,
          'x-forwarded-proto': request.protocol,
        }),
        // The API node refused the connection, reset it or did not answer in time: the call may
        // be repeated shortly (another node, or this one restarted), never a 500.
        onError: (reply, { error }) => {
          reply.log.warn({ err: error }, 'the trade API node did not answer');
          void reply
            .code(503)
            .header('retry-after', String(apiNodeRetryAfterSeconds))
            .header('cache-control', 'no-store')
            .type('application/json; charset=utf-8')
            .send(
              JSON.stringify({
                error: {
                  code: apiErrorCode.serviceUnavailable,
                  message: 'The service is briefly unavailable; please try again in a few seconds',
                },
              }),
            );
        },
      },
    });
  }

  // Static files first, so the page catch-all below never answers for them.
  void app.register(fastifyStatic, {
    root: options.widgetDirectory ?? defaultWidgetDirectory,
    prefix: '/widget/',
    // The build wrote a brotli and a gzip copy of every text file: sent as they are.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      // Partners embed the unhashed entry by a fixed URL: short cache so releases reach them.
      reply.header(
        'cache-control',
        hashedFile.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
      // The ES module build is loaded cross-origin by partner pages, which needs CORS.
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
  void app.register(fastifyStatic, {
    root: options.demoDirectory ?? defaultDemoDirectory,
    prefix: '/demo/',
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    // The pages (`/demo/` is index.html), their stylesheets and the built partner app; not the
    // sources or configs.
    allowedPath: (path) => /^\/(?:|[\w-]+\.(?:html|css)|dist\/[\w-]+\.js)$/.test(path),
    setHeaders(reply) {
      reply.header('cache-control', 'no-cache');
    },
  });

  const apiBaseUrl = options.tradeApiUrl ?? 'http://trade-api.invalid';
  const hasApi = options.tradeApi !== undefined || options.tradeApiUrl !== undefined;
  // The pages and the sitemap call the trade API through the contract: in-process when this
  // server mounts it (the origin is a placeholder then: in-process calls use the path only),
  // else over HTTP to the API node.
  const api = hasApi
    ? createApiClient({
        baseUrl: apiBaseUrl,
        ...(options.tradeApi ? { fetch: inProcessFetch(app) } : {}),
        environment: 'production',
      })
    : undefined;
  void app.register(searchEngineFiles, { api, publicOrigin });
  if (api === undefined) return app;

  // Calls made for a visitor carry the visitor's address: as the remote address of the
  // in-process call, or as `x-forwarded-for` to an API node (which trusts this server).
  const visitorApi = (request: FastifyRequest) =>
    createApiClient({
      baseUrl: apiBaseUrl,
      fetch: options.tradeApi
        ? inProcessFetch(app, { remoteAddress: request.ip })
        : forwardingFetch(request.ip),
      environment: 'production',
    });

  if (options.pages) {
    void app.register(fastifyStatic, {
      root: options.pagesClientDirectory ?? defaultPagesClientDirectory,
      prefix: '/',
      decorateReply: false,
      // One route per file found at start, so that every other path reaches the pages.
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          hashedFile.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
        );
      },
    });
    const pages = options.pages;
    // The back office's calls go the way the visitor's calls of the pages go, by path.
    const apiFetch = (request: FastifyRequest): typeof fetch => {
      if (options.tradeApi) return inProcessFetch(app, { remoteAddress: request.ip });
      const forward = forwardingFetch(request.ip);
      return (input, init) => {
        const { pathname, search } = new URL(input instanceof Request ? input.url : input);
        return forward(new URL(`${pathname}${search}`, apiBaseUrl), init);
      };
    };
    void app.register(async (scope) => {
      const backOffice =
        options.backOffice === undefined
          ? undefined
          : await mountBackOffice(scope, options.backOffice, apiFetch);
      await scope.register(pagesPlugin, {
        build: pages,
        api,
        visitorApi,
        publicOrigin,
        backOffice,
      });
    });
  }

  return app;
}
