import { randomBytes } from 'node:crypto';
import type { ApiClient } from '@tradein/client-core';
import type { EditionCode } from '@tradein/editions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router';
import type { ShopRequest } from '../app/shop-context.ts';
import { siteForHost, type Site } from '../app/site.ts';
import { thirdPartySources } from '../app/tracking/third-party-scripts.server.ts';
import type { BackOfficeMount } from './back-office.ts';
import { entityTag, namesTag } from './entity-tag.ts';
import { sendResponse, toFetchRequest } from './fetch-bridge.ts';
import { pageCaching } from './page-caching.ts';
import { pageSecurityHeaders } from './security-headers.ts';

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
  /** The back office, which answers every path on its own host. */
  backOffice?: BackOfficeMount | undefined;
}

/**
 * Sends a page with the caching it calls for (page-caching.ts) unless its route set its own: a
 * public page with its entity tag, or a 304 when the client holds the same page. The tag is
 * taken without the answer's nonce, which is all that differs between two answers of one page;
 * the 304 carries no content security policy, so the client keeps the one that names the nonce
 * of the page it holds.
 */
async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  { edition, pathname, nonce }: { edition: EditionCode; pathname: string; nonce: string },
): Promise<FastifyReply> {
  const caching = response.headers.has('cache-control')
    ? undefined
    : pageCaching(edition, { method: request.method, pathname }, response.status);
  if (caching === undefined) return sendResponse(reply, response);
  reply.header('cache-control', caching.cacheControl);
  if (!caching.validated || response.body === null) return sendResponse(reply, response);
  const html = await response.text();
  const tag = entityTag(html.replaceAll(nonce, ''));
  reply.header('etag', tag);
  if (namesTag(request.headers['if-none-match'], tag)) {
    reply.removeHeader('content-security-policy');
    return reply.code(304).send();
  }
  return sendResponse(reply, response, html);
}

/** The largest form post of a shop page (contact, account): Fastify's default. */
const pageBodyLimit = 1024 * 1024;

/**
 * The largest form post of the back office: the bench's photos (10 MB each, several at once)
 * and price lists or models files (the API takes 20 MB).
 */
const backOfficeBodyLimit = 64 * 1024 * 1024;

/** A request body too large for its page: 413, and the rest is not read. */
class BodyTooLargeError extends Error {
  readonly statusCode = 413;
  readonly code = 'TRADEIN_BODY_TOO_LARGE';

  constructor(limit: number) {
    super(`The request body is larger than ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** Reads a request body up to `limit` bytes. */
async function readBody(payload: AsyncIterable<Buffer>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
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
    pages.addContentTypeParser('*', (request, payload, done) => {
      const limit = options.backOffice?.serves(request) ? backOfficeBodyLimit : pageBodyLimit;
      readBody(payload, limit).then((body) => done(null, body), done);
    });
    pages.route({
      method: ['GET', 'HEAD', 'POST'],
      url: '/*',
      async handler(request, reply) {
        if (options.backOffice?.serves(request)) return options.backOffice.handle(request, reply);
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
        const fetchRequest = toFetchRequest(request, abort.signal);
        const response = await handle(fetchRequest, context);
        reply.headers(
          pageSecurityHeaders({
            nonce,
            thirdParty: thirdPartySources(site),
            httpsOnly: site.environment === 'production' || request.protocol === 'https',
          }),
        );
        const { pathname } = new URL(fetchRequest.url);
        return sendPage(request, reply, response, { edition: site.edition, pathname, nonce });
      },
    });
  });
}
