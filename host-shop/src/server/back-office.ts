import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { createRequestHandler, RouterContextProvider, ServerBuild } from 'react-router';
import { sendResponse, toFetchRequest } from './fetch-bridge.ts';
import { backOfficeSecurityHeaders } from './security-headers.ts';

/*
 * The back office (back-office/, docs/back-office.md) is served by this server on its own host:
 * `ops.` beside the shop's host (ops.localhost locally). Its pages answer only there, and the
 * shop's pages never there. Its build is loaded by path like the shop's: the shop's code does
 * not import the back office's.
 */

/** What the server entry of the back office's build exports beside its request handler. */
interface BackOfficeServerEntry {
  createRequestHandler: typeof createRequestHandler;
  createBackOfficeLoadContext(request: {
    audience: 'staff';
    nonce: string;
    apiFetch: typeof fetch;
  }): RouterContextProvider;
}

function isBackOfficeServerEntry(module: unknown): module is BackOfficeServerEntry {
  return (
    typeof module === 'object' &&
    module !== null &&
    typeof (module as Partial<BackOfficeServerEntry>).createBackOfficeLoadContext === 'function' &&
    typeof (module as Partial<BackOfficeServerEntry>).createRequestHandler === 'function'
  );
}

// src/server/ and the bundled dist/server/ sit at the same depth in host-shop/.
const defaultClientDirectory = fileURLToPath(
  new URL('../../../back-office/build/client/', import.meta.url),
);

/** How the server mounts the back office. */
export interface BackOfficeOptions {
  /** React Router's server build of the back office (back-office/build/server/index.js). */
  build: ServerBuild;
  /** Its browser files (default: back-office/build/client). */
  clientDirectory?: string;
  /** The host name (without port) staff reach it on, e.g. `ops.localhost`. */
  host: string;
}

/** The back office's pages for one request, when its host is the back office's. */
export interface BackOfficeMount {
  serves(request: FastifyRequest): boolean;
  handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * Registers the back office's browser files (under /office-assets/, on its host only) and
 * answers the handler that renders its pages. `apiFetch` reaches the trade API for a visitor.
 */
export async function mountBackOffice(
  app: FastifyInstance,
  options: BackOfficeOptions,
  apiFetch: (request: FastifyRequest) => typeof fetch,
): Promise<BackOfficeMount> {
  const entry: unknown = options.build.entry.module;
  if (!isBackOfficeServerEntry(entry)) {
    throw new Error(
      'the back office build lacks createBackOfficeLoadContext or createRequestHandler in its server entry',
    );
  }
  const handle = entry.createRequestHandler(options.build, 'production');
  const host = options.host.toLowerCase();
  const serves = (request: FastifyRequest) => request.hostname.toLowerCase() === host;

  await app.register(async (assets) => {
    assets.addHook('onRequest', async (request, reply) => {
      if (!serves(request)) return reply.callNotFound();
    });
    await assets.register(fastifyStatic, {
      root: `${options.clientDirectory ?? defaultClientDirectory}/office-assets`,
      prefix: '/office-assets/',
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply) {
        // Vite names every file of the folder by its content's hash.
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  });

  return {
    serves,
    async handle(request, reply) {
      const nonce = randomBytes(16).toString('base64');
      const abort = new AbortController();
      reply.raw.once('close', () => abort.abort());
      const context = entry.createBackOfficeLoadContext({
        audience: 'staff',
        nonce,
        apiFetch: apiFetch(request),
      });
      const response = await handle(toFetchRequest(request, abort.signal), context);
      reply.headers(backOfficeSecurityHeaders(nonce, request.protocol === 'https'));
      return sendResponse(reply, response);
    },
  };
}
