import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { matchRoute, resolveRedirect, type EditionCode } from '@tradein/editions';
import { buildTradeApi, responseCompression, type TradeApiOptions } from '@tradein/trade-api';
import Fastify, { type FastifyInstance } from 'fastify';
import { isbot } from 'isbot';
import { createElement } from 'react';
import { NotFoundPage } from '../app/not-found-page.tsx';
import { ShopPage } from '../app/shop-page.tsx';
import { createApiClient } from '@tradein/client-core';
import { cataloguePages, type CataloguePage } from './catalogue-pages.ts';
import { inProcessFetch } from './in-process-fetch.ts';
import { renderDocument } from './render.tsx';
import { robotsTxt, sitemapPaths, sitemapXml } from './sitemap.ts';
import { contextForHost, type RequestContext } from './request-context.ts';

export interface AppOptions {
  logger?: boolean;
  /** Built widget files served at /widget/ (default: the workspace's widget/dist). */
  widgetDirectory?: string;
  /** Demo pages served at /demo/ (default: the workspace's demo folder). */
  demoDirectory?: string;
  /** The trade API served under /api on the same origin (DESIGN.md: one origin for everything). */
  tradeApi?: TradeApiOptions;
}

// src/server/app.ts and the bundled dist/server/main.js sit at the same depth in host-shop/.
const workspaceRoot = new URL('../../../', import.meta.url);
const defaultWidgetDirectory = fileURLToPath(new URL('widget/dist/', workspaceRoot));
const defaultDemoDirectory = fileURLToPath(new URL('demo/', workspaceRoot));

// Vite names split chunks `name-<8 character hash>.ext`: only those may be cached forever (also
// as the `.br` or `.gz` copy the build wrote beside them).
const hashedFile = /-[A-Za-z0-9_-]{8}\.(?:m?js|css|webm|vtt)(?:\.br|\.gz)?$/;

const htmlType = 'text/html; charset=utf-8';

/**
 * The origin links of a page name: the edition's public domain on production hosts (whatever
 * host header a client sends), the requested host elsewhere (test, stage, a developer's machine).
 */
function publicOrigin(context: RequestContext, protocol: string, host: string): string {
  return context.environment === 'production'
    ? `https://${context.domain}`
    : `${protocol}://${host}`;
}

/**
 * Headers of every page the shop renders: scripts, styles and everything else from our own
 * origin only (no inline script or style), no framing by any site, no MIME sniffing (set on
 * every answer), a window of its own. Production hosts add HSTS.
 */
const pageSecurityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/** Without a catalogue to ask, a catalogue page is taken to exist. */
const everyPageExists = (_edition: EditionCode, _page: CataloguePage): Promise<boolean> =>
  Promise.resolve(true);

/** The shop host: one Fastify server answering for every edition host. */
export function buildApp(options: AppOptions = {}): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false, trustProxy: true });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  });

  // Pages and API answers are compressed as they are sent (brotli, else gzip; vary:
  // accept-encoding). Registered before everything else so that it covers every route; files
  // the build compressed already (widget, demo app) keep their `content-encoding` and pass.
  void app.register(fastifyCompress, responseCompression);

  if (options.tradeApi) void app.register(buildTradeApi(options.tradeApi));

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

  app.get('/robots.txt', async (request, reply) => {
    const context = contextForHost(request.host);
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return robotsTxt(publicOrigin(context, request.protocol, request.host));
  });

  // Catalogue pages are checked against the trade API the shop mounts; without one (tests of
  // the host alone) they are taken as they come.
  let pageExists = everyPageExists;

  if (options.tradeApi) {
    // The catalogue changes only when the servers restart (docs/search.md): the sitemap's pages
    // are asked of the trade API in-process once per edition, for the life of the process.
    // The origin is a placeholder: in-process calls use the path only.
    const api = createApiClient({
      baseUrl: 'http://trade-api.invalid',
      fetch: inProcessFetch(app),
      environment: 'production',
    });
    pageExists = cataloguePages(api);
    // Kept per edition only (five at most), never per host name: a client chooses its host
    // header, and unknown hosts are served too.
    const pathsByEdition = new Map<EditionCode, Promise<string[]>>();
    app.get('/sitemap.xml', async (request, reply) => {
      const context = contextForHost(request.host);
      let paths = pathsByEdition.get(context.edition);
      if (paths === undefined) {
        paths = sitemapPaths(api, context.edition);
        pathsByEdition.set(context.edition, paths);
        paths.catch(() => pathsByEdition.delete(context.edition));
      }
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
      return sitemapXml(publicOrigin(context, request.protocol, request.host), await paths);
    });
  }

  app.get('/*', async (request, reply) => {
    const context = contextForHost(request.host);
    const redirect = resolveRedirect(context.edition, request.url);
    if (redirect) return reply.redirect(redirect.location, redirect.status);

    const path = request.url.split(/[?#]/, 1)[0] ?? '/';
    const route = matchRoute(context.edition, path);
    const cataloguePage: CataloguePage | undefined =
      route?.name === 'productDetail'
        ? { kind: 'device', url: route.params['pdp'] ?? '' }
        : route?.name === 'sellCategory'
          ? { kind: 'category', url: route.params['category'] ?? '' }
          : undefined;
    const found =
      route !== undefined &&
      (cataloguePage === undefined || (await pageExists(context.edition, cataloguePage)));
    reply.headers(pageSecurityHeaders);
    if (context.environment === 'production') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    if (!found) {
      reply.code(404).type(htmlType);
      // Crawlers get the status alone: an error page must not be indexed as content (spec §2).
      if (isbot(request.headers['user-agent'])) return 'Not Found';
      return renderDocument(
        context.language,
        createElement(NotFoundPage, { language: context.language, path }),
      );
    }
    reply.type(htmlType);
    return renderDocument(context.language, createElement(ShopPage, context));
  });

  return app;
}
