import { createContext, RouterContextProvider } from 'react-router';

/*
 * What the server tells the back office's pages about a request (host-shop/src/server/
 * back-office.ts fills it): who the host serves, the nonce of the page's scripts, and how to
 * reach the trade API on the visitor's behalf.
 */

/**
 * The people a host of the app serves. Staff sign in on `ops.` hosts; partners, with their own
 * people and sign-in, will be served on `partners.` hosts by the same app.
 */
export type Audience = 'staff';

/** The back office's view of one request. */
export interface BackOfficeRequest {
  audience: Audience;
  /** The nonce of this answer's inline scripts, as the content security policy allows them. */
  nonce: string;
  /**
   * A `fetch` of the trade API (in-process, or the API node), naming the visitor's address so
   * that sign-in throttling counts the person, not the server.
   */
  apiFetch: typeof fetch;
}

const backOfficeRequestContext = createContext<BackOfficeRequest>();

/**
 * The load context of one request, exported by the server entry so that the Fastify server (a
 * separate bundle) fills the context key the route modules read.
 */
export function createBackOfficeLoadContext(request: BackOfficeRequest): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(backOfficeRequestContext, request);
  return context;
}

/** The back office's view of a request, in a loader, action or the server entry. */
export function backOfficeRequest(context: Readonly<RouterContextProvider>): BackOfficeRequest {
  return context.get(backOfficeRequestContext);
}
