import type { ApiClient } from '@tradein/client-core';
import { createContext, RouterContextProvider } from 'react-router';
import type { Site } from './site.ts';

/** What the server tells the pages about a request, beside the request itself. */
export interface ShopRequest {
  /** Edition, language and shop mode of the host the request came to. */
  site: Site;
  /** The origin links name: the edition's public domain on production hosts. */
  origin: string;
  /** The nonce of this answer's inline scripts, as the content security policy allows them. */
  nonce: string;
  /** The trade API, through the contract (in-process when the server mounts it). */
  api: ApiClient;
  /**
   * The trade API for calls made on the visitor's behalf (a contact message, a login): they
   * carry the visitor's address, by which the API throttles clients.
   */
  visitorApi(): ApiClient;
  /** The server's log, for what a page notices but the visitor need not see. */
  log: { warn(details: Record<string, unknown>, message: string): void };
}

const shopRequestContext = createContext<ShopRequest>();

/**
 * The load context of one request. Exported by the server entry, so that the Fastify server
 * (a separate bundle) fills the same context key the route modules read.
 */
export function createShopLoadContext(request: ShopRequest): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(shopRequestContext, request);
  return context;
}

/** The shop's view of a request, in a loader, action or the server entry. */
export function shopRequest(context: Readonly<RouterContextProvider>): ShopRequest {
  return context.get(shopRequestContext);
}
