import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { ApiClient } from '@tradein/client-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router';
import type { ShopRequest } from '../app/shop-context.ts';
import { siteForHost, type Site } from '../app/site.ts';
import {
  thirdPartySources,
  type ThirdPartySources,
} from '../app/tracking/third-party-scripts.server.ts';

/** What the server entry of the pages' build exports beside its request handler. */
interface ShopServerEntry {
  createShopLoadContext(request: ShopRequest): RouterContextProvider;
}

function isShopServerEntry(module: unknown): module is ShopServerEntry {
  return (
    typeof module === 'object' &&
    module !== null &&
    typeof (module as Partial<ShopServerEntry>).createShopLoadContext === 'function'
  );
}

export interface PagesOptions {
  /** React Router's server build of the pages (build/server/index.js). */
  build: ServerBuild;
  /** The trade API as the pages call it. */
  api: ApiClient;
  /** The trade API for calls made on a visitor's behalf, carrying the visitor's address. */
  visitorApi(request: FastifyRequest): ApiClient;
  /** The origin links of a page name. */
  publicOrigin(site: Site, request: FastifyRequest): string;
}

/** A directive's further sources, each after a space. */
function andOrigins(origins: readonly string[]): string {
  return origins.map((origin) => ` ${origin}`).join('');
}

/**
 * The content security policy of a page: scripts and styles from our own origin, plus the
 * page's own inline scripts (React Router's hydration data) by their per-answer nonce; nothing
 * inline otherwise; framed by our own pages only. The third-party scripts the edition enables
 * (loaded only after consent) add exactly their origins.
 */
function pageSecurityPolicy(nonce: string, thirdParty: ThirdPartySources): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${andOrigins(thirdParty.script)}`,
    ...(thirdParty.connect.length > 0
      ? [`connect-src 'self'${andOrigins(thirdParty.connect)}`]
      : []),
    "style-src 'self'",
    `img-src 'self' data:${andOrigins(thirdParty.img)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * The other headers of every page, its 404 and its redirects (every HTML answer of the shop);
 * `X-Frame-Options` says what `frame-ancestors` says, for browsers that know only the former.
 */
const pageHeaders: Readonly<Record<string, string>> = {
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/** A Fetch API request of what Fastify received. */
function toFetchRequest(request: FastifyRequest, abort: AbortSignal): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const single of Array.isArray(value) ? value : [value]) headers.append(name, single);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const body = hasBody && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined;
  return new Request(url, { method: request.method, headers, body, signal: abort });
}

/** Sends a Fetch API response through Fastify (so compression and hooks apply). */
function sendResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (response.body === null) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

/**
 * Mounts the shop's pages (React Router's request handler) for every path no other route
 * answers, with the request's site, the trade API and a fresh script nonce as load context.
 */
export async function pagesPlugin(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const entry: unknown = options.build.entry.module;
  if (!isShopServerEntry(entry)) {
    throw new Error('the pages build lacks createShopLoadContext in its server entry');
  }
  const handle = createRequestHandler(options.build, 'production');

  // The build's version, for pages that ask whether a newer one is out (§2).
  app.get('/builds/latest.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { version: options.build.assets.version };
  });

  await app.register(async (pages) => {
    // Form posts reach the pages' actions as they came (React Router reads them itself).
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    pages.route({
      method: ['GET', 'HEAD', 'POST'],
      url: '/*',
      async handler(request, reply) {
        const site = siteForHost(request.host);
        const nonce = randomBytes(16).toString('base64');
        const abort = new AbortController();
        reply.raw.once('close', () => abort.abort());
        const context = entry.createShopLoadContext({
          site,
          origin: options.publicOrigin(site, request),
          nonce,
          api: options.api,
          visitorApi: () => options.visitorApi(request),
          log: request.log,
        });
        const response = await handle(toFetchRequest(request, abort.signal), context);
        reply.headers(pageHeaders);
        reply.header('content-security-policy', pageSecurityPolicy(nonce, thirdPartySources(site)));
        // HTTPS only, from now on: on production hosts (their public origin is HTTPS, and a
        // browser ignores the header on plain HTTP) and on any host reached over HTTPS (the
        // protocol a trusted proxy names, TRUST_PROXY).
        if (site.environment === 'production' || request.protocol === 'https') {
          reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
        }
        return sendResponse(reply, response);
      },
    });
  });
}
